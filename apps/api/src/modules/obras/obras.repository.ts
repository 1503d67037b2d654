import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import { pageMetaOf, type PageMeta } from '@tvsistema/domain/lists';
import {
  ESTADOS_OBRA_ABIERTOS,
  parseObraSort,
  type ObraListQuery,
  type ObraSortField,
} from '@tvsistema/domain/obras';
import type { Database, PreparedValue } from '../../db/database.js';
import { rowsOf, type Executor } from '../../db/executor.js';
import { isUuid } from '../../http/schemas.js';
import { direccionBreveJsonSql, direccionJsonSql } from '../localizacion/index.js';
import { coincideBusquedaDe } from '../partes/index.js';
import { obraDocumentos, obraEquipo, obras } from './obras.table.js';
import { operarioAptitudJsonSql, type OperarioAptitud } from './operarios.repository.js';
import { auditoriaCampos, isoSql, objetoJson } from './sql-comun.repository.js';

// §2.3 works, their team and documents: the only SQL on `obras`, `obra_equipo`, `obra_documentos`.

/** An obra as stored, with what SQL adds (cliente, address names, hours, counts). */
export type ObraBase = {
  _id: string;
  empresa: 'verticales';
  version: number;
  createdAt: string;
  createdBy: string | null;
  updatedAt: string;
  updatedBy: string | null;
  codigo: string;
  nombre: string;
  clienteId: string;
  cliente: { _id: string; nombre: string; documento: string | null };
  direccion: Record<string, string | number | null>;
  descripcion: string | null;
  tipoTrabajo: string;
  fechaInicioPrevista: string | null;
  fechaFinPrevista: string | null;
  fechaInicioReal: string | null;
  fechaFinReal: string | null;
  estado: string;
  motivoEstado: string | null;
  importePresupuesto: string | null;
  progreso: number;
  responsable: string | null;
  coordinadorSeguridad: string | null;
  comunicacionApertura: { fecha: string; referencia: string | null } | null;
  observaciones: string[];
  horasTotales: string;
  partesTrabajo: number;
  partesBorrador: number;
  documentosSeguridad: boolean;
};

/** The columns the record and the list row share (objetoJson orders the keys itself). */
const CAMPOS_COMUNES = {
  codigo: 'o.codigo',
  nombre: 'o.nombre',
  clienteId: 'o.cliente_id',
  cliente: `(select ${objetoJson({ _id: 'p.id', nombre: 'p.nombre', documento: 'p.documento' })}
      from partes p where p.id = o.cliente_id)`,
  tipoTrabajo: 'o.tipo_trabajo',
  fechaInicioPrevista: 'o.fecha_inicio_prevista',
  fechaFinPrevista: 'o.fecha_fin_prevista',
  fechaInicioReal: 'o.fecha_inicio_real',
  fechaFinReal: 'o.fecha_fin_real',
  estado: 'o.estado',
  progreso: 'o.progreso',
};

const obraJson = sql.raw(
  objetoJson({
    ...auditoriaCampos('o'),
    ...CAMPOS_COMUNES,
    direccion: direccionJsonSql('o'),
    descripcion: 'o.descripcion',
    motivoEstado: 'o.motivo_estado',
    importePresupuesto: 'o.importe_presupuesto::text',
    responsable: 'o.responsable',
    coordinadorSeguridad: 'o.coordinador_seguridad',
    comunicacionApertura: `case when o.apertura_fecha is null then null else
      ${objetoJson({ fecha: 'o.apertura_fecha', referencia: 'o.apertura_referencia' })} end`,
    observaciones: 'o.observaciones',
    horasTotales: 'o.horas_registradas::text',
    partesTrabajo: '(select count(*)::int from partes_trabajo pt where pt.obra_id = o.id)',
    partesBorrador: `(select count(*)::int from partes_trabajo pt
      where pt.obra_id = o.id and pt.estado = 'borrador')`,
    documentosSeguridad: `exists (select 1 from obra_documentos d where d.obra_id = o.id
      and d.categoria in ('plan_seguridad', 'evaluacion_riesgos'))`,
  }),
);

export type ObraFila = typeof obras.$inferInsert;

export const findObra = async (executor: Executor, id: string) => {
  if (!isUuid(id)) return undefined;
  const [row] = await rowsOf<{ r: ObraBase }>(
    executor,
    sql`select ${obraJson} as r from obras o where o.id = ${id}`,
  );
  return row?.r;
};

/** True when the obra exists (a sub-resource's 404 without reading the whole record). */
export const existeObra = async (executor: Executor, id: string) =>
  isUuid(id) &&
  (await rowsOf<{ id: string }>(executor, sql`select id from obras where id = ${id}`)).length > 0;

/** Locks the obra's row for the rest of the transaction; false when it does not exist. */
export const lockObra = async (executor: Executor, id: string) =>
  isUuid(id) &&
  (await rowsOf<{ id: string }>(executor, sql`select id from obras where id = ${id} for update`))
    .length > 0;

export const insertObra = async (executor: Executor, fila: ObraFila) => {
  const [row] = await executor.insert(obras).values(fila).returning({ id: obras.id });
  return row?.id ?? '';
};

/** Writes the fields given and bumps the version (every change of the obra is one). */
export const updateObra = (executor: Executor, id: string, fila: Partial<ObraFila>) =>
  executor
    .update(obras)
    .set({ ...fila, updatedAt: sql`now()`, version: sql`${obras.version} + 1` })
    .where(eq(obras.id, id));

/**
 * The address names the search column joins: ciudad, municipio and calle. The client's words are
 * its copy in `cliente_busqueda`, kept by triggers when it is renamed (migration 0037).
 */
export const nombresParaBusqueda = async (
  executor: Executor,
  ciudadId: string | null,
  calleId: string | null,
) => {
  const [row] = await rowsOf<{
    ciudad: string | null;
    calle: string | null;
    municipio: string | null;
  }>(
    executor,
    sql`select (select nombre from ciudades where id = ${ciudadId}::uuid) as ciudad,
          (select m.nombre from ciudades c join municipios m on m.id = c.municipio_id
            where c.id = ${ciudadId}::uuid) as municipio,
          (select nombre from calles where id = ${calleId}::uuid) as calle`,
  );
  return row ?? { ciudad: null, calle: null, municipio: null };
};

/** A client of Trabajos Verticales (activo when `activo`). */
export const esClienteVerticales = async (executor: Executor, id: string, activo: boolean) =>
  isUuid(id) &&
  (
    await rowsOf<{ id: string }>(
      executor,
      sql`select id from partes where id = ${id} and tipo = 'cliente' and empresa = 'verticales'
          ${activo ? sql`and activo` : sql``}`,
    )
  ).length > 0;

const ORDEN: Readonly<Record<ObraSortField, string>> = {
  fechaInicioPrevista: 'coalesce(o.fecha_inicio_real, o.fecha_inicio_prevista)',
  codigo: 'o.codigo',
  nombre: 'lower(o.nombre)',
  cliente: 'o.cliente_orden',
  estado: 'o.estado',
  progreso: 'o.progreso',
  updatedAt: 'o.updated_at',
};

type Filtros = Omit<ObraListQuery, 'page' | 'limit'>;

const filtros = (query: Filtros): SQL => {
  const condiciones: SQL[] = [];
  if (query.searchTerm)
    condiciones.push(coincideBusquedaDe('o', normalizeSearchText(query.searchTerm)));
  const estados = query.estado && query.estado.length > 0 ? query.estado : undefined;
  if (estados)
    condiciones.push(
      sql`o.estado in (${sql.join(
        estados.map((e) => sql`${e}`),
        sql`, `,
      )})`,
    );
  if (query.tipoTrabajo && query.tipoTrabajo.length > 0)
    condiciones.push(
      sql`o.tipo_trabajo in (${sql.join(
        query.tipoTrabajo.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  if (query.clienteId) {
    if (!isUuid(query.clienteId)) condiciones.push(sql`false`);
    else condiciones.push(sql`o.cliente_id = ${query.clienteId}`);
  }
  // §5.5: the period [inicioReal ?? inicioPrevista, finReal ?? finPrevista ?? inicio] overlaps.
  const inicio = sql.raw('coalesce(o.fecha_inicio_real, o.fecha_inicio_prevista)');
  const fin = sql.raw(
    'coalesce(o.fecha_fin_real, o.fecha_fin_prevista, o.fecha_inicio_real, o.fecha_inicio_prevista)',
  );
  if (query.desde) condiciones.push(sql`${fin} >= ${query.desde}`);
  if (query.hasta) condiciones.push(sql`${inicio} <= ${query.hasta}`);
  return condiciones.length === 0 ? sql`true` : sql.join(condiciones, sql` and `);
};

/** The list's order: its key (or `clave`, a column holding it) and the código, in the sort's direction. */
const ordenDe = (sort: string | undefined, clave?: string, codigo = 'o.codigo') => {
  const { field, direction } = parseObraSort(sort) ?? {
    field: 'fechaInicioPrevista',
    direction: 'desc',
  };
  const columna = clave ?? ORDEN[field];
  return sql.raw(
    direction === 'desc'
      ? `${columna} desc nulls last, ${codigo} desc`
      : `${columna} asc nulls last, ${codigo} asc`,
  );
};

const orden = (sort: string | undefined) => ordenDe(sort);

/** What the list draws of an obra (`obraResumenSchema`, without `miembros` and `alertas`). */
export type ObraResumenBase = Pick<
  ObraBase,
  | '_id'
  | 'version'
  | 'updatedAt'
  | 'codigo'
  | 'nombre'
  | 'clienteId'
  | 'cliente'
  | 'tipoTrabajo'
  | 'fechaInicioPrevista'
  | 'fechaFinPrevista'
  | 'fechaInicioReal'
  | 'fechaFinReal'
  | 'estado'
  | 'progreso'
> & {
  direccion: { calle: string | null; altura: number | null; ciudad: string | null };
  miembros: number;
};

const auditoria = auditoriaCampos('o');
/**
 * A list row (decision 0030's revision): the record's columns the list draws, the team's size,
 * two of the address's six names, no partes counts or safety documents the record adds per row.
 */
const obraResumenJson = sql.raw(
  objetoJson({
    _id: auditoria._id,
    version: auditoria.version,
    updatedAt: auditoria.updatedAt,
    ...CAMPOS_COMUNES,
    direccion: direccionBreveJsonSql('o'),
    miembros: '(select count(*)::int from obra_equipo e where e.obra_id = o.id)',
  }),
);
/**
 * The team's aptitude data, in team order, where a list row's alerts need it: only a planned or
 * running obra warns about its team (completarObra's rules). Each member's operario is one
 * primary-key read (a join hashed every operario once per obra) and json, not jsonb (objetoJson).
 */
const equipoParaAlertasJson = sql.raw(
  `case when o.estado in ('planificada', 'en_curso') then coalesce((select json_agg(
    (select ${operarioAptitudJsonSql} from operarios op where op.id = e.operario_id)
    order by e.orden) from obra_equipo e where e.obra_id = o.id), '[]'::json)
    else '[]'::json end`,
);
const dialecto = new PgDialect();

const campoDeOrden = (sort: string | undefined): ObraSortField =>
  parseObraSort(sort)?.field ?? 'fechaInicioPrevista';

/** True when the list has no filter but estado: its total is the counters' (obras_totales). */
const soloEstado = (query: Filtros) =>
  !query.searchTerm &&
  !(query.tipoTrabajo && query.tipoTrabajo.length > 0) &&
  !query.clienteId &&
  !query.desde &&
  !query.hasta;

/**
 * A page of obras with their teams and the total of the filter: one prepared statement
 * (decision 10). The page's ids come first, from a narrow subquery (id and its place: the default
 * order walks `obras_inicio_codigo_idx`), then the records and teams of those rows only. Without
 * filters or with estado only, the total is the counters' (`obras_totales`, kept by triggers);
 * with any other filter it is a window count in the same subquery, so the filter runs once; a page
 * past the end has no row to carry it, and only then is the match set counted apart.
 */
export const pageOfObras = async (
  database: Database,
  query: ObraListQuery,
): Promise<{
  data: { base: ObraResumenBase; equipo: OperarioAptitud[] }[];
  meta: PageMeta;
}> => {
  const where = filtros(query);
  const ordenSql = orden(query.sort);
  const limite = sql`limit ${query.limit} offset ${(query.page - 1) * query.limit}`;
  const estados = query.estado && query.estado.length > 0 ? query.estado : undefined;
  const contadores = soloEstado(query);
  const total = contadores
    ? sql`(select coalesce(sum(t.total), 0)::int from obras_totales t
          ${
            estados
              ? sql`where t.estado in (${sql.join(
                  estados.map((e) => sql`${e}`),
                  sql`, `,
                )})`
              : sql``
          })`
    : sql`coalesce((select pag.total from pagina pag limit 1),
          (select count(*)::int from obras o where ${where}))`;
  // The page's 20 rows are put in order again outside by their key (a row number over the
  // whole match set would sort all of it instead of keeping the 20 first).
  const pagina = sql`select o.id${contadores ? sql`` : sql`, count(*) over ()::int as total`}
    from obras o where ${where} order by ${ordenSql} ${limite}`;
  const consulta = dialecto.sqlToQuery(
    sql`with pagina as materialized (${pagina})
        select ${total} as total, x.r, x.equipo
        from (select 1) uno left join lateral (
          select ${sql.raw(ORDEN[campoDeOrden(query.sort)])} as clave, o.codigo,
            ${obraResumenJson} as r, ${equipoParaAlertasJson} as equipo
          from pagina pag join obras o on o.id = pag.id) x on true
        order by ${ordenDe(query.sort, 'x.clave', 'x.codigo')}`,
  );
  const rows = await database.queryPrepared<{
    total: number;
    r: ObraResumenBase | null;
    equipo: OperarioAptitud[] | null;
  }>(consulta.sql, consulta.params as PreparedValue[]);
  return {
    data: rows.flatMap((row) => (row.r ? [{ base: row.r, equipo: row.equipo ?? [] }] : [])),
    meta: pageMetaOf(query.page, query.limit, Number(rows[0]?.total ?? 0)),
  };
};

/** The ids of every obra of the filter, in list order (the CSV reads them in batches). */
export const idsDeObras = async (executor: Executor, query: Filtros) =>
  (
    await rowsOf<{ id: string }>(
      executor,
      sql`select o.id::text as id from obras o where ${filtros(query)} order by ${orden(query.sort)}`,
    )
  ).map((row) => row.id);

/** What a CSV row shows of an obra (§6), read without the rest of the record. */
export type ObraCsv = Pick<
  ObraBase,
  | 'codigo'
  | 'nombre'
  | 'tipoTrabajo'
  | 'estado'
  | 'fechaInicioPrevista'
  | 'fechaFinPrevista'
  | 'fechaInicioReal'
  | 'fechaFinReal'
  | 'importePresupuesto'
  | 'progreso'
  | 'horasTotales'
  | 'updatedAt'
> & {
  cliente: { nombre: string; documento: string | null };
  direccion: { calle: string | null; altura: number | null; ciudad: string | null };
};

/** The CSV rows of `ids`, in the order given: plain columns, two address names, the client. */
export const obrasCsvPorIds = async (
  executor: Executor,
  ids: readonly string[],
): Promise<ObraCsv[]> => {
  if (ids.length === 0) return [];
  const rows = await rowsOf<{
    codigo: string;
    nombre: string;
    cliente: string;
    documento: string | null;
    calle: string | null;
    altura: number | null;
    ciudad: string | null;
    tipo: string;
    estado: string;
    ip: string | null;
    fp: string | null;
    ir: string | null;
    fr: string | null;
    importe: string | null;
    progreso: number;
    horas: string;
    actualizado: string;
  }>(
    executor,
    sql`select o.codigo, o.nombre, p.nombre as cliente, p.documento,
          (select l.nombre from calles l where l.id = o.direccion_calle_id) as calle,
          o.direccion_altura as altura,
          (select l.nombre from ciudades l where l.id = o.direccion_ciudad_id) as ciudad,
          o.tipo_trabajo as tipo, o.estado,
          o.fecha_inicio_prevista::text as ip, o.fecha_fin_prevista::text as fp,
          o.fecha_inicio_real::text as ir, o.fecha_fin_real::text as fr,
          o.importe_presupuesto::text as importe, o.progreso, o.horas_registradas::text as horas,
          ${sql.raw(isoSql('o.updated_at'))} as actualizado
        from unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as x(id, n)
        join obras o on o.id = x.id join partes p on p.id = o.cliente_id
        order by x.n`,
  );
  return rows.map((r) => ({
    codigo: r.codigo,
    nombre: r.nombre,
    cliente: { nombre: r.cliente, documento: r.documento },
    direccion: { calle: r.calle, altura: r.altura, ciudad: r.ciudad },
    tipoTrabajo: r.tipo,
    estado: r.estado,
    fechaInicioPrevista: r.ip,
    fechaFinPrevista: r.fp,
    fechaInicioReal: r.ir,
    fechaFinReal: r.fr,
    importePresupuesto: r.importe,
    progreso: r.progreso,
    horasTotales: r.horas,
    updatedAt: r.actualizado,
  }));
};

export const ESTADOS_POR_DEFECTO = ESTADOS_OBRA_ABIERTOS;

// Team

export type MiembroFila = { obraId: string; operarioId: string; rol: string; orden: number };

export const equiposDe = async (executor: Executor, obraIds: readonly string[]) =>
  obraIds.length === 0
    ? []
    : rowsOf<MiembroFila>(
        executor,
        sql`select obra_id::text as "obraId", operario_id::text as "operarioId", rol, orden
            from obra_equipo where obra_id in (${sql.join(
              obraIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})
            order by obra_id, orden`,
      );

export const replaceEquipo = async (
  executor: Executor,
  obraId: string,
  miembros: readonly { operarioId: string; rol: string }[],
) => {
  await executor.delete(obraEquipo).where(eq(obraEquipo.obraId, obraId));
  if (miembros.length > 0)
    await executor
      .insert(obraEquipo)
      .values(
        miembros.map((m, orden) => ({ obraId, operarioId: m.operarioId, rol: m.rol, orden })),
      );
};

// Documents

export type DocumentoObraFila = {
  _id: string;
  categoria: string;
  fechaDocumento: string | null;
  vencimiento: string | null;
  archivoId: string | null;
  nombre: string;
  mime: string;
  tamano: number;
  createdAt: string;
  createdBy: string | null;
};

const documentoJson = sql.raw(`jsonb_build_object('_id', d.id, 'categoria', d.categoria,
  'fechaDocumento', d.fecha_documento, 'vencimiento', d.vencimiento, 'archivoId', d.archivo_id,
  'nombre', coalesce(a.nombre, 'Sin archivo'), 'mime', coalesce(a.mime, ''),
  'tamano', coalesce(a.tamano, 0),
  'createdAt', ${isoSql('d.created_at')}, 'createdBy', coalesce(d.created_by_email, d.created_by_sub))`);

export const documentosDeObra = async (executor: Executor, obraId: string) =>
  (
    await rowsOf<{ r: DocumentoObraFila }>(
      executor,
      sql`select ${documentoJson} as r from obra_documentos d left join archivos a on a.id = d.archivo_id
          where d.obra_id = ${obraId} order by d.created_at, d.id`,
    )
  ).map((row) => row.r);

export const documentoDeObra = async (executor: Executor, obraId: string, id: string) => {
  if (!isUuid(id)) return undefined;
  const [row] = await rowsOf<{ r: DocumentoObraFila }>(
    executor,
    sql`select ${documentoJson} as r from obra_documentos d left join archivos a on a.id = d.archivo_id
        where d.obra_id = ${obraId} and d.id = ${id}`,
  );
  return row?.r;
};

export const insertDocumentoObra = async (
  executor: Executor,
  fila: typeof obraDocumentos.$inferInsert,
) => {
  const [row] = await executor
    .insert(obraDocumentos)
    .values(fila)
    .returning({ id: obraDocumentos.id });
  return row?.id ?? '';
};

export const deleteDocumentoObra = (executor: Executor, id: string) =>
  executor.delete(obraDocumentos).where(eq(obraDocumentos.id, id));

/** A verticales client by its documento (the demo world names clients so). */
export const clienteVerticalesPorDocumento = async (executor: Executor, documento: string) => {
  const [row] = await rowsOf<{ id: string }>(
    executor,
    sql`select id::text from partes where documento = ${documento} and tipo = 'cliente'
        and empresa = 'verticales'`,
  );
  return row?.id;
};
