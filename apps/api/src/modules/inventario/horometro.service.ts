import { sql } from 'drizzle-orm';
import {
  INVENTARIO_MESSAGES as M,
  type Lectura,
  type LecturaCreate,
} from '@tvsistema/domain/inventario';
import { addDecimals, compareDecimals, subtractDecimals } from '@tvsistema/domain/money';
import type { Database } from '../../db/database.js';
import { rowsOf, type Executor } from '../../db/executor.js';
import { HttpError, invalidData, notFound } from '../../http/errors.js';
import type { Today } from '../../module.js';
import { conflicto, idValido, isoSql, nombreUsuario, type Usuario } from './inventario-comun.js';
import type { MaquinasService } from './maquinas.service.js';

// §2.2, R9: the hour meter as an append-only ledger. A reading never goes below the latest one
// unless the meter was replaced (reinicio); lifetime hours add only what the meter advanced.

type UltimaLectura = { id: string; fecha: string; lectura: string; horasAcumuladas: string };

const lecturaJson = sql.raw(`jsonb_build_object('_id', h.id, 'fecha', h.fecha,
  'lectura', h.lectura::text, 'origen', h.origen, 'referencia', h.referencia,
  'reinicio', h.reinicio, 'motivo', h.motivo, 'registradoPor', h.registrado_por,
  'registradoEn', ${isoSql('h.registrado_en')})`);

const una = (n: string) => Number(n).toFixed(1);

export const ultimaLectura = async (tx: Executor, maquinaId: string) => {
  const [ultima] = await rowsOf<UltimaLectura>(
    tx,
    sql`select id, fecha::text as fecha, lectura::text as lectura,
          horas_acumuladas::text as "horasAcumuladas"
        from maquina_horometros where maquina_id = ${maquinaId} order by orden desc limit 1`,
  );
  return ultima;
};

export type NuevaLectura = {
  fecha: string;
  lectura: string;
  reinicio?: boolean;
  motivo?: string | null | undefined;
  origen: 'manual' | 'entrega' | 'devolucion' | 'mantenimiento';
  referencia?: string | null;
  albaranId?: string | null;
};

/**
 * Appends a reading inside the caller's transaction (the machine row already locked) and moves
 * the machine's meter and lifetime hours (R9). 400 naming `lectura` when it goes backwards.
 */
export const registrarLectura = async (
  tx: Executor,
  maquinaId: string,
  nueva: NuevaLectura,
  user: Usuario,
  campo = 'lectura',
) => {
  const ultima = await ultimaLectura(tx, maquinaId);
  const reinicio = nueva.reinicio ?? false;
  if (ultima && !reinicio && compareDecimals(nueva.lectura, ultima.lectura) < 0)
    throw invalidData([`${campo}: ${M.lecturaMenor(nueva.lectura, ultima.lectura, ultima.fecha)}`]);
  const previas = ultima?.horasAcumuladas ?? '0';
  const horasAcumuladas = una(
    reinicio || !ultima
      ? previas
      : addDecimals(previas, subtractDecimals(nueva.lectura, ultima.lectura)),
  );
  const [fila] = await rowsOf<{ r: Lectura }>(
    tx,
    sql`with h as (
          insert into maquina_horometros (maquina_id, fecha, lectura, horas_acumuladas, origen,
            referencia, albaran_id, reinicio, motivo, registrado_por)
          values (${maquinaId}, ${nueva.fecha}, ${nueva.lectura}, ${horasAcumuladas}, ${nueva.origen},
            ${nueva.referencia ?? null}, ${nueva.albaranId ?? null}, ${reinicio},
            ${nueva.motivo ?? null}, ${nombreUsuario(user)})
          returning *)
        select ${lecturaJson} as r from h`,
  );
  await rowsOf(
    tx,
    sql`update maquinas set horometro = ${nueva.lectura}, horas_acumuladas = ${horasAcumuladas}
        where id = ${maquinaId}`,
  );
  if (!fila) throw new Error('reading insert returned no row');
  return { lectura: fila.r, horasAcumuladas };
};

/** After deleting readings: the machine's meter is its latest remaining one. */
export const restaurarHorometro = async (tx: Executor, maquinaId: string) => {
  const ultima = await ultimaLectura(tx, maquinaId);
  if (ultima)
    await rowsOf(
      tx,
      sql`update maquinas set horometro = ${ultima.lectura},
            horas_acumuladas = ${ultima.horasAcumuladas} where id = ${maquinaId}`,
    );
};

export const createHorometroService = (
  database: Database,
  today: Today,
  maquinasService: MaquinasService,
) => ({
  list: async (maquinaId: string) => {
    await maquinasService.leer(database.db, maquinaId, { verPrecio: false });
    return (
      await rowsOf<{ r: Lectura }>(
        database.db,
        sql`select ${lecturaJson} as r from maquina_horometros h where h.maquina_id = ${maquinaId}
            order by h.orden desc`,
      )
    ).map((row) => row.r);
  },

  /** POST …/horometro: `puedeReiniciar` is the caller's maquinaria.edit. */
  create: (user: Usuario, maquinaId: string, input: LecturaCreate, puedeReiniciar: boolean) =>
    database.db.transaction(async (tx) => {
      await maquinasService.bloquear(tx, maquinaId);
      if (input.reinicio && !puedeReiniciar) throw new HttpError(403, M.reinicioSinPermiso);
      if (input.fecha > today()) throw invalidData([`fecha: ${M.fechaFutura}`]);
      const { lectura } = await registrarLectura(
        tx,
        maquinaId,
        { ...input, origen: 'manual' },
        user,
      );
      const maquina = await maquinasService.leer(tx, maquinaId, { verPrecio: puedeReiniciar });
      return { lectura, maquina };
    }),

  /** Only the latest reading, never the initial one (typing mistakes). */
  remove: (maquinaId: string, lecturaId: string) =>
    database.db.transaction(async (tx) => {
      await maquinasService.bloquear(tx, maquinaId);
      if (!idValido(lecturaId)) throw notFound('Lectura no encontrada');
      const lecturas = await rowsOf<{ id: string }>(
        tx,
        sql`select id from maquina_horometros where maquina_id = ${maquinaId} order by orden desc limit 2`,
      );
      if (!lecturas.some((l) => l.id === lecturaId)) {
        const [existe] = await rowsOf<{ id: string }>(
          tx,
          sql`select id from maquina_horometros where maquina_id = ${maquinaId} and id = ${lecturaId}`,
        );
        if (!existe) throw notFound('Lectura no encontrada');
        throw conflicto(M.soloUltimaLectura);
      }
      if (lecturas[0]?.id !== lecturaId) throw conflicto(M.soloUltimaLectura);
      if (lecturas.length === 1) throw conflicto(M.lecturaInicial);
      await rowsOf(tx, sql`delete from maquina_horometros where id = ${lecturaId}`);
      await restaurarHorometro(tx, maquinaId);
    }),
});
