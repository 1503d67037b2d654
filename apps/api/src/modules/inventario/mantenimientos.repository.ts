import { sql } from 'drizzle-orm';
import type { Mantenimiento } from '@tvsistema/domain/inventario';
import { rowsOf, type Executor } from '../../db/executor.js';
import { isoSql } from './comun.repository.js';
import { insertBloqueo } from './bloqueos.repository.js';
import { idValido, type Usuario } from './inventario-comun.js';

// §2.4: maintenances and the bloqueo each one owns.

const json = sql.raw(`jsonb_build_object('_id', x.id, 'maquinaId', x.maquina_id, 'tipo', x.tipo,
  'descripcion', x.descripcion, 'fechaInicio', x.fecha_inicio, 'fechaFinPrevista', x.fecha_fin_prevista,
  'urgente', x.urgente, 'estado', x.estado,
  'taller', (select jsonb_build_object('_id', p.id, 'nombre', p.nombre) from partes p where p.id = x.taller_id),
  'revisionId', x.revision_id, 'fechaFinReal', x.fecha_fin_real, 'horometro', x.horometro::text,
  'coste', x.coste::text, 'resultado', x.resultado, 'version', x.version,
  'createdAt', ${isoSql('x.created_at')}, 'createdBy', coalesce(x.created_by_email, x.created_by_sub))`);

export const findMantenimiento = async (executor: Executor, maquinaId: string, id: string) => {
  if (!idValido(id)) return undefined;
  const [row] = await rowsOf<{ r: Mantenimiento }>(
    executor,
    sql`select ${json} as r from maquina_mantenimientos x where x.id = ${id} and x.maquina_id = ${maquinaId}`,
  );
  return row?.r;
};

export const mantenimientosDe = async (executor: Executor, maquinaId: string) =>
  (
    await rowsOf<{ r: Mantenimiento }>(
      executor,
      sql`select ${json} as r from maquina_mantenimientos x where x.maquina_id = ${maquinaId}
          order by x.fecha_inicio desc, x.created_at desc`,
    )
  ).map((row) => row.r);

export const lockMantenimiento = (tx: Executor, id: string) =>
  idValido(id)
    ? rowsOf(tx, sql`select id from maquina_mantenimientos where id = ${id} for update`)
    : Promise.resolve([]);

export type NuevoMantenimiento = {
  maquinaId: string;
  tipo: string;
  descripcion: string;
  fechaInicio: string;
  fechaFinPrevista: string | null;
  urgente: boolean;
  estado: 'programado' | 'en_curso';
  tallerId?: string | null | undefined;
  revisionId?: string | null | undefined;
  albaranId?: string | null | undefined;
};

/** A maintenance and its bloqueo: exclusive when planned, open-ended and not when urgent. */
export const insertMantenimiento = async (tx: Executor, m: NuevoMantenimiento, user: Usuario) => {
  const [fila] = await rowsOf<{ id: string }>(
    tx,
    sql`insert into maquina_mantenimientos (maquina_id, tipo, descripcion, fecha_inicio,
          fecha_fin_prevista, urgente, estado, taller_id, revision_id, albaran_id, created_by_sub,
          created_by_email, updated_by_sub, updated_by_email)
        values (${m.maquinaId}, ${m.tipo}, ${m.descripcion}, ${m.fechaInicio}, ${m.fechaFinPrevista},
          ${m.urgente}, ${m.estado}, ${m.tallerId ?? null}, ${m.revisionId ?? null}, ${m.albaranId ?? null},
          ${user?.sub ?? null}, ${user?.email ?? null}, ${user?.sub ?? null}, ${user?.email ?? null})
        returning id::text`,
  );
  const id = fila?.id ?? '';
  await bloquearPorMantenimiento(tx, m.maquinaId, id, m);
  return id;
};

const bloquearPorMantenimiento = (
  tx: Executor,
  maquinaId: string,
  id: string,
  m: {
    fechaInicio: string;
    fechaFinPrevista: string | null;
    descripcion: string;
    urgente: boolean;
  },
) =>
  insertBloqueo(tx, {
    maquinaId,
    cantidad: 1,
    desde: m.fechaInicio,
    hasta: m.urgente ? null : m.fechaFinPrevista,
    origenTipo: 'mantenimiento',
    origenId: id,
    numero: 'Mantenimiento',
    etiqueta: m.descripcion,
    exclusivo: !m.urgente,
    enCurso: m.urgente,
    conPreparacion: false,
  });

/** A planned maintenance moved: new fields and a new booking (the old one already released). */
export const updateMantenimientoProgramado = async (
  tx: Executor,
  maquinaId: string,
  id: string,
  m: Omit<NuevoMantenimiento, 'maquinaId' | 'estado' | 'urgente'> & { fechaFinPrevista: string },
  user: Usuario,
) => {
  await rowsOf(
    tx,
    sql`update maquina_mantenimientos set tipo = ${m.tipo}, descripcion = ${m.descripcion},
          fecha_inicio = ${m.fechaInicio}, fecha_fin_prevista = ${m.fechaFinPrevista},
          taller_id = ${m.tallerId ?? null}, revision_id = ${m.revisionId ?? null},
          updated_at = now(), version = version + 1,
          updated_by_sub = ${user?.sub ?? null}, updated_by_email = ${user?.email ?? null}
        where id = ${id}`,
  );
  await bloquearPorMantenimiento(tx, maquinaId, id, { ...m, urgente: false });
};

export const liberarBloqueoDeMantenimiento = (tx: Executor, id: string) =>
  rowsOf(
    tx,
    sql`update inventario_bloqueos set estado = 'liberado'
        where origen_tipo = 'mantenimiento' and origen_id = ${id} and estado = 'activo'`,
  );

export const setEstadoMantenimiento = async (
  tx: Executor,
  id: string,
  estado: 'en_curso' | 'cancelado',
) => {
  await rowsOf(
    tx,
    sql`update maquina_mantenimientos set estado = ${estado}, updated_at = now(), version = version + 1
        where id = ${id}`,
  );
  if (estado === 'en_curso')
    await rowsOf(
      tx,
      sql`update inventario_bloqueos set en_curso = true
          where origen_tipo = 'mantenimiento' and origen_id = ${id} and estado = 'activo'`,
    );
  else await liberarBloqueoDeMantenimiento(tx, id);
};

/** Finished: the result is recorded and its bloqueo ends on the real end day. */
export const finalizarMantenimientoFila = async (
  tx: Executor,
  id: string,
  f: { fechaFinReal: string; horometro: string | null; coste: string | null; resultado: string },
  user: Usuario,
) => {
  await rowsOf(
    tx,
    sql`update maquina_mantenimientos set estado = 'finalizado', fecha_fin_real = ${f.fechaFinReal},
          horometro = ${f.horometro}, coste = ${f.coste}, resultado = ${f.resultado},
          updated_at = now(), version = version + 1,
          updated_by_sub = ${user?.sub ?? null}, updated_by_email = ${user?.email ?? null}
        where id = ${id}`,
  );
  await rowsOf(
    tx,
    sql`update inventario_bloqueos set hasta = ${f.fechaFinReal}, en_curso = false
        where origen_tipo = 'mantenimiento' and origen_id = ${id} and estado = 'activo'`,
  );
};

export const hayMantenimientoEnCurso = async (tx: Executor, maquinaId: string) =>
  (
    await rowsOf(
      tx,
      sql`select 1 from maquina_mantenimientos where maquina_id = ${maquinaId} and estado = 'en_curso'`,
    )
  ).length > 0;

/** The rentals from hoy on that a breakdown puts at risk (not yet returned). */
export const reservasAfectadas = (tx: Executor, maquinaId: string, hoy: string) =>
  rowsOf<{ numero: string; desde: string; hasta: string | null }>(
    tx,
    sql`select numero, desde::text, hasta::text from inventario_bloqueos
        where maquina_id = ${maquinaId} and estado = 'activo' and origen_tipo = 'alquiler'
          and albaran_devolucion_id is null and (hasta is null or hasta >= ${hoy}::date)
        order by desde`,
  );

/** Annulling a return whose incidencia opened a maintenance cancels it and frees its booking. */
export const cancelarMantenimientosDeAlbaran = async (tx: Executor, albaranId: string) => {
  const ids = await rowsOf<{ id: string }>(
    tx,
    sql`update maquina_mantenimientos set estado = 'cancelado' where albaran_id = ${albaranId}
        returning id::text`,
  );
  for (const { id } of ids) await liberarBloqueoDeMantenimiento(tx, id);
};
