import { and, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { filasJsonPreparadas } from '../../db/filas-json.js';
import type { Database, PreparedValue } from '../../db/database.js';
import { rowsOf, type Executor } from '../../db/executor.js';
import { isUuid } from '../../http/schemas.js';
import { parteTrabajoFotos, parteTrabajoOperarios, partesTrabajo } from './obras.table.js';
import { operarioAptitudJsonSql, type OperarioAptitud } from './operarios.repository.js';
import { isoSql, objetoJson } from './sql-comun.repository.js';

// §2.5 daily work reports, their operario rows and photos: the only SQL on `partes_trabajo`,
// `parte_trabajo_operarios` and `parte_trabajo_fotos`.

export type ParteTrabajoBase = {
  _id: string;
  obraId: string;
  numero: string | null;
  fecha: string;
  estado: 'borrador' | 'cerrado';
  trabajoEnCuerda: boolean;
  operarios: { operarioId: string; nombre: string; horas: string }[];
  horasTotales: string;
  tareas: string;
  incidencias: { tipo: 'meteorologia'; descripcion: string }[];
  meteorologia: { vientoKmh: number | null; lluvia: boolean } | null;
  avance: number | null;
  observaciones: string | null;
  fotos: number;
  cerradoPor: string | null;
  cerradoAt: string | null;
  version: number;
  createdAt: string;
  createdBy: string | null;
  updatedAt: string;
  updatedBy: string | null;
};

// json in jsonb's key order (objetoJson): the answers keep their bytes and PGlite builds it in a
// fraction of jsonb's time; each operario's name is one primary-key read (a join hashed every
// operario once per parte).
const parteJson = sql.raw(
  objetoJson({
    _id: 'pt.id',
    obraId: 'pt.obra_id',
    numero: 'pt.numero',
    fecha: 'pt.fecha',
    estado: 'pt.estado',
    trabajoEnCuerda: 'pt.trabajo_en_cuerda',
    operarios: `coalesce((select json_agg(${objetoJson({
      operarioId: 'pto.operario_id',
      nombre:
        "(select op.nombre || ' ' || op.apellidos from operarios op where op.id = pto.operario_id)",
      horas: 'pto.horas::text',
    })} order by pto.orden)
      from parte_trabajo_operarios pto where pto.parte_trabajo_id = pt.id), '[]'::json)`,
    horasTotales: `(select coalesce(sum(pto.horas), 0)::numeric(8,2)::text
      from parte_trabajo_operarios pto where pto.parte_trabajo_id = pt.id)`,
    tareas: 'pt.tareas',
    incidencias: 'pt.incidencias',
    meteorologia: `case when pt.lluvia is null and pt.viento_kmh is null then null
      else ${objetoJson({ vientoKmh: 'pt.viento_kmh', lluvia: 'coalesce(pt.lluvia, false)' })} end`,
    avance: 'pt.avance',
    observaciones: 'pt.observaciones',
    fotos: '(select count(*)::int from parte_trabajo_fotos f where f.parte_trabajo_id = pt.id)',
    cerradoPor: 'pt.cerrado_por',
    cerradoAt: isoSql('pt.cerrado_at'),
    version: 'pt.version',
    createdAt: isoSql('pt.created_at'),
    createdBy: 'coalesce(pt.created_by_email, pt.created_by_sub)',
    updatedAt: isoSql('pt.updated_at'),
    updatedBy: 'coalesce(pt.updated_by_email, pt.updated_by_sub)',
  }),
);

export type ParteTrabajoFila = typeof partesTrabajo.$inferInsert;

export const findParteTrabajo = async (executor: Executor, obraId: string, id: string) => {
  if (!isUuid(id)) return undefined;
  const [row] = await rowsOf<{ r: ParteTrabajoBase }>(
    executor,
    sql`select ${parteJson} as r from partes_trabajo pt where pt.id = ${id} and pt.obra_id = ${obraId}`,
  );
  return row?.r;
};

/**
 * What closing a parte reads (§4.9), in one statement once the obra is locked: the parte of the
 * obra, its row locked for the rest of the transaction; with an avance, the avance of the latest
 * closed parte dated before it (null when none has one) and whether no closed parte of the obra is
 * dated after it (then its avance becomes the obra's progress); and its operarios as aptitude
 * reads them. Closes and reopens lock the obra first, so the closed partes read here are current.
 */
export const leerParaCerrar = async (executor: Executor, obraId: string, id: string) => {
  if (!isUuid(id) || !isUuid(obraId)) return undefined;
  const [row] = await rowsOf<{
    r: ParteTrabajoBase;
    previo: number | null;
    ultimo: boolean;
    operarios: OperarioAptitud[] | null;
  }>(
    executor,
    sql`with parte as materialized (
          select pt.* from partes_trabajo pt
          where pt.id = ${id} and pt.obra_id = ${obraId} for update of pt)
        select ${parteJson} as r,
          (select x.avance from partes_trabajo x
            where pt.avance is not null and x.obra_id = pt.obra_id and x.estado = 'cerrado'
              and x.fecha < pt.fecha and x.id <> pt.id and x.avance is not null
            order by x.fecha desc, x.numero desc limit 1) as previo,
          pt.avance is null or not exists (select 1 from partes_trabajo x
            where x.obra_id = pt.obra_id and x.estado = 'cerrado' and x.fecha > pt.fecha
              and x.id <> pt.id) as ultimo,
          (select json_agg(${sql.raw(operarioAptitudJsonSql)}) from operarios op
            where op.id in (select pto.operario_id from parte_trabajo_operarios pto
              where pto.parte_trabajo_id = pt.id)) as operarios
        from parte pt`,
  );
  return row
    ? {
        parte: row.r,
        progreso: { previo: row.previo, ultimo: row.ultimo },
        operarios: new Map((row.operarios ?? []).map((o) => [o._id, o])),
      }
    : undefined;
};

export const lockParteTrabajo = async (executor: Executor, id: string) =>
  isUuid(id) &&
  (
    await rowsOf<{ id: string }>(
      executor,
      sql`select id from partes_trabajo where id = ${id} for update`,
    )
  ).length > 0;

const dialecto = new PgDialect();

/**
 * A page of the obra's partes, their total and whether the obra exists: one prepared statement
 * (decision 10). The page's ids come first with their place and a window count of the obra's
 * partes; the records are built for those rows only. A page past the end has no row to carry the
 * total, so only then is it counted apart (in the same statement).
 */
export const pageOfPartesTrabajo = async (
  database: Database,
  obraId: string,
  page: number,
  limit: number,
): Promise<{ existe: boolean; data: ParteTrabajoBase[]; total: number }> => {
  if (!isUuid(obraId)) return { existe: false, data: [], total: 0 };
  const consulta = dialecto.sqlToQuery(
    sql`with pagina as materialized (
          select pt.id, count(*) over ()::int as total,
            row_number() over (order by pt.fecha desc, pt.created_at desc) as n
          from partes_trabajo pt where pt.obra_id = ${obraId}
          order by pt.fecha desc, pt.created_at desc limit ${limit} offset ${(page - 1) * limit})
        select exists (select 1 from obras o where o.id = ${obraId}) as existe,
          coalesce((select pag.total from pagina pag limit 1),
            (select count(*)::int from partes_trabajo pt where pt.obra_id = ${obraId})) as total,
          x.r
        from (select 1) uno left join lateral (
          select pag.n, ${parteJson} as r from pagina pag join partes_trabajo pt on pt.id = pag.id
        ) x on true
        order by x.n`,
  );
  const rows = await database.queryPrepared<{
    existe: boolean;
    total: number;
    r: ParteTrabajoBase | null;
  }>(consulta.sql, consulta.params as PreparedValue[]);
  return {
    existe: rows[0]?.existe ?? false,
    data: rows.flatMap((row) => (row.r ? [row.r] : [])),
    total: Number(rows[0]?.total ?? 0),
  };
};

export const partesTrabajoCerrados = async (executor: Executor, obraId: string) =>
  (
    await rowsOf<{ r: ParteTrabajoBase }>(
      executor,
      sql`select ${parteJson} as r from partes_trabajo pt
          where pt.obra_id = ${obraId} and pt.estado = 'cerrado' order by pt.fecha, pt.numero`,
    )
  ).map((row) => row.r);

export const insertParteTrabajo = async (executor: Executor, fila: ParteTrabajoFila) => {
  const [row] = await executor
    .insert(partesTrabajo)
    .values(fila)
    .returning({ id: partesTrabajo.id });
  return row?.id ?? '';
};

export const updateParteTrabajo = (
  executor: Executor,
  id: string,
  fila: Partial<ParteTrabajoFila>,
) =>
  executor
    .update(partesTrabajo)
    .set({ ...fila, updatedAt: sql`now()`, version: sql`${partesTrabajo.version} + 1` })
    .where(eq(partesTrabajo.id, id));

/**
 * §4.9 close: the row becomes cerrado and the statement answers the closed record. With
 * `progreso` (the latest parte's avance), the obra's progress is written in the same statement
 * (its version bumped, as every change of the obra).
 */
export const cerrarParteTrabajo = async (
  executor: Executor,
  id: string,
  cierre: {
    cerradoPor: string | null;
    cerradoAt: Date;
    updatedBySub: string | null;
    updatedByEmail: string | null;
  },
  progreso?: { obraId: string; progreso: number },
) => {
  const obra = progreso
    ? sql`with obra as (update obras set progreso = ${progreso.progreso},
            updated_by_sub = ${cierre.updatedBySub}, updated_by_email = ${cierre.updatedByEmail},
            updated_at = now(), version = version + 1
          where id = ${progreso.obraId})`
    : sql``;
  const [row] = await rowsOf<{ r: ParteTrabajoBase }>(
    executor,
    sql`${obra} update partes_trabajo pt set estado = 'cerrado',
          cerrado_por = ${cierre.cerradoPor}, cerrado_at = ${cierre.cerradoAt.toISOString()},
          updated_by_sub = ${cierre.updatedBySub}, updated_by_email = ${cierre.updatedByEmail},
          updated_at = now(), version = pt.version + 1
        where pt.id = ${id} returning ${parteJson} as r`,
  );
  return row?.r;
};

/** The PT number of a parte closed in the same transaction (its version was bumped by the close). */
export const numerarParteTrabajo = (executor: Executor, id: string, numero: string) =>
  executor.update(partesTrabajo).set({ numero }).where(eq(partesTrabajo.id, id));

export const deleteParteTrabajo = (executor: Executor, id: string) =>
  executor.delete(partesTrabajo).where(eq(partesTrabajo.id, id));

export const replaceParteOperarios = async (
  executor: Executor,
  parteTrabajoId: string,
  obraId: string,
  fecha: string,
  operarios: readonly { operarioId: string; horas: string }[],
) => {
  await executor
    .delete(parteTrabajoOperarios)
    .where(eq(parteTrabajoOperarios.parteTrabajoId, parteTrabajoId));
  if (operarios.length > 0)
    await executor.insert(parteTrabajoOperarios).values(
      operarios.map((o, orden) => ({
        parteTrabajoId,
        operarioId: o.operarioId,
        obraId,
        obraCodigo: sql`(select codigo from obras where id = ${obraId})`,
        fecha,
        horas: o.horas,
        orden,
      })),
    );
};

/** §4.9: hours each operario already has on `fecha` in every other parte (any obra, any estado). */
export const horasDelDia = async (
  executor: Executor,
  operarioIds: readonly string[],
  fecha: string,
  excepto: string | undefined,
) => {
  const ids = operarioIds.filter(isUuid);
  if (ids.length === 0) return new Map<string, string>();
  const rows = await rowsOf<{ operarioId: string; horas: string }>(
    executor,
    sql`select operario_id::text as "operarioId", sum(horas)::numeric(8,2)::text as horas
        from parte_trabajo_operarios
        where fecha = ${fecha}
          and operario_id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          ${excepto ? sql`and parte_trabajo_id <> ${excepto}::uuid` : sql``}
        group by operario_id`,
  );
  return new Map(rows.map((row) => [row.operarioId, row.horas]));
};

// Photos

export type FotoFila = {
  _id: string;
  archivoId: string;
  miniaturaArchivoId: string | null;
  nombre: string;
  mime: string;
  tamano: number;
  createdAt: string;
};

const fotoJson = sql.raw(`jsonb_build_object('_id', f.id, 'archivoId', f.archivo_id,
  'miniaturaArchivoId', f.miniatura_archivo_id, 'nombre', a.nombre, 'mime', a.mime,
  'tamano', a.tamano, 'createdAt', ${isoSql('f.created_at')})`);

export const fotosDeParte = async (executor: Executor, parteTrabajoId: string) =>
  (
    await rowsOf<{ r: FotoFila }>(
      executor,
      sql`select ${fotoJson} as r from parte_trabajo_fotos f join archivos a on a.id = f.archivo_id
          where f.parte_trabajo_id = ${parteTrabajoId} order by f.created_at, f.id`,
    )
  ).map((row) => row.r);

export const fotoDeParte = async (executor: Executor, parteTrabajoId: string, id: string) => {
  if (!isUuid(id)) return undefined;
  const [row] = await rowsOf<{ r: FotoFila }>(
    executor,
    sql`select ${fotoJson} as r from parte_trabajo_fotos f join archivos a on a.id = f.archivo_id
        where f.parte_trabajo_id = ${parteTrabajoId} and f.id = ${id}`,
  );
  return row?.r;
};

export const contarFotos = async (executor: Executor, parteTrabajoId: string) => {
  const [row] = await rowsOf<{ n: number }>(
    executor,
    sql`select count(*)::int as n from parte_trabajo_fotos where parte_trabajo_id = ${parteTrabajoId}`,
  );
  return row?.n ?? 0;
};

export const insertFoto = async (executor: Executor, parteTrabajoId: string, archivoId: string) => {
  const [row] = await executor
    .insert(parteTrabajoFotos)
    .values({ parteTrabajoId, archivoId })
    .returning({ id: parteTrabajoFotos.id });
  return row?.id ?? '';
};

export const setMiniatura = (executor: Executor, id: string, archivoId: string) =>
  executor
    .update(parteTrabajoFotos)
    .set({ miniaturaArchivoId: archivoId })
    .where(eq(parteTrabajoFotos.id, id));

export const deleteFoto = (executor: Executor, parteTrabajoId: string, id: string) =>
  executor
    .delete(parteTrabajoFotos)
    .where(and(eq(parteTrabajoFotos.id, id), eq(parteTrabajoFotos.parteTrabajoId, parteTrabajoId)));

/**
 * §11 planning: each cell of the grid's operarios over [desde, hasta] with hours, its day's
 * total (summed in SQL, exact) and the códigos of its obras: one range of
 * `(operario_id, fecha, obra_codigo, horas)` per operario, read from the index alone (the rows
 * carry their parte's obra código, migration 0028), grouped by cell.
 */
export const horasPorOperarioYDia = async (
  database: Database,
  operarioIds: readonly string[],
  desde: string,
  hasta: string,
) => {
  if (operarioIds.length === 0) return [];
  // The códigos as one text (a código is `OB{YYYY}-{NNNNN}`, no spaces): parsing a text[] per
  // cell cost the API more than the statement.
  const consulta = dialecto.sqlToQuery(
    sql`select pto.operario_id::text as "operarioId", pto.fecha::text as fecha,
          sum(pto.horas)::numeric(8,2)::text as horas,
          string_agg(distinct pto.obra_codigo, ' ') as codigos
        from parte_trabajo_operarios pto
        where pto.operario_id = any(${`{${operarioIds.join(',')}}`}::uuid[])
          and pto.fecha between ${desde}::date and ${hasta}::date
        group by pto.operario_id, pto.fecha`,
  );
  return filasJsonPreparadas<{
    operarioId: string;
    fecha: string;
    horas: string;
    codigos: string;
  }>(database, consulta.sql, consulta.params as PreparedValue[]);
};

/**
 * The end of an obra's period as `obras_estado_fin_idx` stores it. A planned or running obra always
 * has its fechaFinPrevista (planificar and the Datos tab require it), so for those estados this is
 * `coalesce(fecha_fin_real, fecha_fin_prevista)`, and the planning grid's obras are one index range
 * (estado, end ≥ desde) instead of every planned and running obra.
 */
const finIndexado = sql.raw(
  'coalesce(o.fecha_fin_real, o.fecha_fin_prevista, o.fecha_inicio_real, o.fecha_inicio_prevista)',
);

/** §11 planning: active obras (planned or running) with their team and period. */
export const obrasActivasConEquipo = async (database: Database, desde: string, hasta: string) => {
  const consulta = dialecto.sqlToQuery(
    sql`select e.operario_id::text as "operarioId", o.codigo,
          coalesce(o.fecha_inicio_real, o.fecha_inicio_prevista)::text as inicio,
          coalesce(o.fecha_fin_real, o.fecha_fin_prevista, ${hasta}::date)::text as fin
        from obra_equipo e join obras o on o.id = e.obra_id
        where o.estado in ('planificada', 'en_curso')
          and coalesce(o.fecha_inicio_real, o.fecha_inicio_prevista) <= ${hasta}::date
          and ${finIndexado} >= ${desde}::date`,
  );
  return filasJsonPreparadas<{
    operarioId: string;
    codigo: string;
    inicio: string;
    fin: string;
  }>(database, consulta.sql, consulta.params as PreparedValue[]);
};
