import { sql } from 'drizzle-orm';
import type { Lectura } from '@tvsistema/domain/inventario';
import { rowsOf, type Executor } from '../../db/executor.js';
import { isoSql } from './comun.repository.js';
import { maquinaHorometros } from './inventario.table.js';

// §2.2: the hour-meter ledger's SQL.

export type LecturaFila = typeof maquinaHorometros.$inferInsert;
export type UltimaLectura = { id: string; fecha: string; lectura: string; horasAcumuladas: string };

const lecturaJson = sql.raw(`jsonb_build_object('_id', h.id, 'fecha', h.fecha,
  'lectura', h.lectura::text, 'origen', h.origen, 'referencia', h.referencia,
  'reinicio', h.reinicio, 'motivo', h.motivo, 'registradoPor', h.registrado_por,
  'registradoEn', ${isoSql('h.registrado_en')})`);

export const ultimaLectura = async (tx: Executor, maquinaId: string) => {
  const [ultima] = await rowsOf<UltimaLectura>(
    tx,
    sql`select id::text, fecha::text as fecha, lectura::text as lectura,
          horas_acumuladas::text as "horasAcumuladas"
        from maquina_horometros where maquina_id = ${maquinaId} order by orden desc limit 1`,
  );
  return ultima;
};

/** Appends a reading; answers it as the API shows it. */
export const insertLectura = async (tx: Executor, fila: LecturaFila) => {
  const [row] = await tx
    .insert(maquinaHorometros)
    .values(fila)
    .returning({ id: maquinaHorometros.id });
  const [lectura] = await rowsOf<{ r: Lectura }>(
    tx,
    sql`select ${lecturaJson} as r from maquina_horometros h where h.id = ${row?.id ?? ''}`,
  );
  if (!lectura) throw new Error('reading insert returned no row');
  return lectura.r;
};

/** The machine's meter and lifetime hours, as its latest reading leaves them. */
export const setHorometro = (
  tx: Executor,
  maquinaId: string,
  lectura: string,
  horasAcumuladas: string,
) =>
  rowsOf(
    tx,
    sql`update maquinas set horometro = ${lectura}, horas_acumuladas = ${horasAcumuladas}
        where id = ${maquinaId}`,
  );

export const lecturasDe = async (executor: Executor, maquinaId: string) =>
  (
    await rowsOf<{ r: Lectura }>(
      executor,
      sql`select ${lecturaJson} as r from maquina_horometros h where h.maquina_id = ${maquinaId}
          order by h.orden desc`,
    )
  ).map((row) => row.r);

/** The ids of the latest `n` readings, newest first. */
export const ultimasLecturas = async (tx: Executor, maquinaId: string, n: number) =>
  (
    await rowsOf<{ id: string }>(
      tx,
      sql`select id::text from maquina_horometros where maquina_id = ${maquinaId}
          order by orden desc limit ${n}`,
    )
  ).map((row) => row.id);

export const existeLectura = async (tx: Executor, maquinaId: string, id: string) =>
  (
    await rowsOf(
      tx,
      sql`select 1 from maquina_horometros where maquina_id = ${maquinaId} and id = ${id}`,
    )
  ).length > 0;

export const deleteLectura = (tx: Executor, id: string) =>
  rowsOf(tx, sql`delete from maquina_horometros where id = ${id}`);

/** Annulling an albarán: its readings go; answers the machines they belonged to. */
export const deleteLecturasDeAlbaran = async (tx: Executor, albaranId: string) =>
  (
    await rowsOf<{ maquinaId: string }>(
      tx,
      sql`delete from maquina_horometros where albaran_id = ${albaranId}
          returning maquina_id::text as "maquinaId"`,
    )
  ).map((row) => row.maquinaId);

/** The reading of the machine's last delivery (R3's starting point). */
export const lecturaDeEntrega = async (tx: Executor, maquinaId: string) => {
  const [row] = await rowsOf<{ lectura: string }>(
    tx,
    sql`select lectura::text from maquina_horometros
        where maquina_id = ${maquinaId} and origen = 'entrega' order by orden desc limit 1`,
  );
  return row?.lectura ?? null;
};
