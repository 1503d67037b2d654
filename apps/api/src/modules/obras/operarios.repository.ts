import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import { pageMetaOf, type PageMeta } from '@tvsistema/domain/lists';
import { parseOperarioSort, type OperarioListQuery } from '@tvsistema/domain/obras';
import { filasJsonPreparadas } from '../../db/filas-json.js';
import type { Database, PreparedValue } from '../../db/database.js';
import { rowsOf, type Executor } from '../../db/executor.js';
import { escapeLike } from '../../db/like.js';
import { isUuid } from '../../http/schemas.js';
import { operarioCertificaciones, operarios } from './obras.table.js';
import { auditoriaJson, objetoJson } from './sql-comun.repository.js';

// §2.4 operarios and their certifications: the only SQL on `operarios` and
// `operario_certificaciones`.

export type OperarioBase = {
  _id: string;
  empresa: 'verticales';
  version: number;
  createdAt: string;
  createdBy: string | null;
  updatedAt: string;
  updatedBy: string | null;
  nombre: string;
  apellidos: string;
  documento: string;
  telefono: string | null;
  correo: string | null;
  activo: boolean;
  observaciones: string[];
  certificaciones: {
    esquema: 'irata' | 'anetva' | 'otra';
    nivel: number;
    numero: string | null;
    fechaEmision: string;
    fechaVencimiento: string;
  }[];
  formacionesPrl: { curso: string; horas: string; fecha: string; vencimiento: string | null }[];
  reconocimientoMedico: {
    fecha: string;
    resultado: 'apto' | 'apto_restricciones' | 'no_apto';
    vencimiento: string;
  } | null;
  tpc: { numero: string; vencimiento: string } | null;
  obrasEnCurso: number;
};

/**
 * An operario as the rules of an obra or a parte read it (aptitude, name, document): no audit
 * fields, contact or count of its running works.
 */
export type OperarioAptitud = Pick<
  OperarioBase,
  | '_id'
  | 'nombre'
  | 'apellidos'
  | 'documento'
  | 'activo'
  | 'certificaciones'
  | 'formacionesPrl'
  | 'reconocimientoMedico'
>;

const certificacionesJson = `coalesce((select jsonb_agg(jsonb_build_object('esquema', c.esquema,
      'nivel', c.nivel, 'numero', c.numero, 'fechaEmision', c.fecha_emision,
      'fechaVencimiento', c.fecha_vencimiento) order by c.orden)
    from operario_certificaciones c where c.operario_id = op.id), '[]'::jsonb)`;

// obrasEnCurso reads every obra the operario was ever on (≈ 450 each at §10's volume): only the
// operario's own record and list show it. The team of an obra, a parte's close and the planning
// read only what aptitude needs (flota-obras.md §10, decision 30).
const operarioJson = sql.raw(`jsonb_build_object(${auditoriaJson('op')},
  'nombre', op.nombre, 'apellidos', op.apellidos, 'documento', op.documento,
  'telefono', op.telefono, 'correo', op.correo, 'activo', op.activo,
  'observaciones', op.observaciones, 'formacionesPrl', op.formaciones_prl,
  'reconocimientoMedico', op.reconocimiento_medico, 'tpc', op.tpc,
  'certificaciones', ${certificacionesJson},
  'obrasEnCurso', (select count(*)::int from obra_equipo e join obras o on o.id = e.obra_id
    where e.operario_id = op.id and o.estado = 'en_curso'))`);

/**
 * The JSON of an OperarioAptitud from alias `op` (an obra's team embeds it): json, not jsonb, as
 * the services read it and no answer writes it as it is (objetoJson).
 */
export const operarioAptitudJsonSql = objetoJson({
  _id: 'op.id',
  nombre: 'op.nombre',
  apellidos: 'op.apellidos',
  documento: 'op.documento',
  activo: 'op.activo',
  formacionesPrl: 'op.formaciones_prl',
  reconocimientoMedico: 'op.reconocimiento_medico',
  certificaciones: `coalesce((select json_agg(${objetoJson({
    esquema: 'c.esquema',
    nivel: 'c.nivel',
    numero: 'c.numero',
    fechaEmision: 'c.fecha_emision',
    fechaVencimiento: 'c.fecha_vencimiento',
  })} order by c.orden)
    from operario_certificaciones c where c.operario_id = op.id), '[]'::json)`,
});
const operarioAptitudJson = sql.raw(operarioAptitudJsonSql);

export type OperarioFila = typeof operarios.$inferInsert;

export const findOperario = async (executor: Executor, id: string) => {
  if (!isUuid(id)) return undefined;
  const [row] = await rowsOf<{ r: OperarioBase }>(
    executor,
    sql`select ${operarioJson} as r from operarios op where op.id = ${id}`,
  );
  return row?.r;
};

export const operariosPorIds = async (executor: Executor, ids: readonly string[]) => {
  const validos = [...new Set(ids.filter(isUuid))];
  if (validos.length === 0) return new Map<string, OperarioAptitud>();
  const rows = await rowsOf<{ r: OperarioAptitud }>(
    executor,
    sql`select ${operarioAptitudJson} as r from operarios op
        where op.id in (${sql.join(
          validos.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((row) => [row.r._id, row.r]));
};

export const lockOperario = async (executor: Executor, id: string) =>
  isUuid(id) &&
  (
    await rowsOf<{ id: string }>(
      executor,
      sql`select id from operarios where id = ${id} for update`,
    )
  ).length > 0;

export const operarioConDocumento = async (executor: Executor, documento: string) => {
  const [row] = await rowsOf<{ id: string }>(
    executor,
    sql`select id::text from operarios where documento = ${documento}`,
  );
  return row?.id;
};

export const pageOfOperarios = async (
  executor: Executor,
  query: OperarioListQuery,
): Promise<{ data: OperarioBase[]; meta: PageMeta }> => {
  const condiciones = [
    query.searchTerm
      ? sql`op.busqueda like ${`%${escapeLike(normalizeSearchText(query.searchTerm))}%`}`
      : undefined,
    query.activo === undefined ? undefined : sql`op.activo = ${query.activo}`,
  ].filter((c) => c !== undefined);
  const where = condiciones.length === 0 ? sql`true` : sql.join(condiciones, sql` and `);
  const { field, direction } = parseOperarioSort(query.sort) ?? {
    field: 'nombre',
    direction: 'asc',
  };
  const columna = {
    nombre: 'lower(op.nombre || op.apellidos)',
    documento: 'op.documento',
    updatedAt: 'op.updated_at',
  }[field];
  const [total] = await rowsOf<{ total: number }>(
    executor,
    sql`select count(*)::int as total from operarios op where ${where}`,
  );
  const rows = await rowsOf<{ r: OperarioBase }>(
    executor,
    sql`select ${operarioJson} as r from operarios op where ${where}
        order by ${sql.raw(`${columna} ${direction}, op.id`)}
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  return {
    data: rows.map((row) => row.r),
    meta: pageMetaOf(query.page, query.limit, total?.total ?? 0),
  };
};

/** §11 planning: the active operarios in the list's default order (name), at most 200. */
/** The planning grid's rows (a prepared statement, as the grid's other reads: decision 10). */
export const operariosActivosParaPlanificacion = async (database: Database) => {
  const consulta = new PgDialect().sqlToQuery(
    sql`select ${operarioAptitudJson} as r,
          row_number() over (order by lower(op.nombre || op.apellidos) asc, op.id) as n
        from operarios op where op.activo = true
        order by lower(op.nombre || op.apellidos) asc, op.id limit 200`,
  );
  return filasJsonPreparadas<OperarioAptitud>(
    database,
    consulta.sql,
    consulta.params as PreparedValue[],
    'json_agg(x.r order by x.n)',
  );
};

export const insertOperario = async (executor: Executor, fila: OperarioFila) => {
  const [row] = await executor.insert(operarios).values(fila).returning({ id: operarios.id });
  return row?.id ?? '';
};

export const updateOperario = (executor: Executor, id: string, fila: Partial<OperarioFila>) =>
  executor
    .update(operarios)
    .set({ ...fila, updatedAt: sql`now()`, version: sql`${operarios.version} + 1` })
    .where(eq(operarios.id, id));

export const replaceCertificaciones = async (
  executor: Executor,
  operarioId: string,
  certificaciones: readonly {
    esquema: string;
    nivel: number;
    numero?: string | undefined;
    fechaEmision: string;
    fechaVencimiento: string;
  }[],
) => {
  await executor
    .delete(operarioCertificaciones)
    .where(eq(operarioCertificaciones.operarioId, operarioId));
  if (certificaciones.length > 0)
    await executor.insert(operarioCertificaciones).values(
      certificaciones.map((c, orden) => ({
        operarioId,
        orden,
        esquema: c.esquema,
        nivel: c.nivel,
        numero: c.numero ?? null,
        fechaEmision: c.fechaEmision,
        fechaVencimiento: c.fechaVencimiento,
      })),
    );
};
