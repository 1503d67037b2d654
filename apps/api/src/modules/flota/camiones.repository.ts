import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, PreparedValue } from '../../db/database.js';
import { rowsOf, type Executor } from '../../db/executor.js';
import { escapeLike } from '../../db/like.js';
import { claveOrdenEtiqueta, KM_AVISO } from '@tvsistema/domain/flota';
import { tables as finanzasTables } from '../finanzas/index.js';
import {
  camionAsignaciones,
  camionDocumentos,
  camiones,
  camionItv,
  camionLecturasKm,
  camionMantenimientos,
  camionVencimientos,
  conductores,
} from './flota.table.js';
import { matriculaTexto } from './flota-comun.js';

// The only SQL of the vehicles and their sub-records (flota-obras.md §2.1).

export type CamionRow = typeof camiones.$inferSelect;
export type CamionFila = typeof camiones.$inferInsert;
export type ItvRow = typeof camionItv.$inferSelect;
export type MantenimientoRow = typeof camionMantenimientos.$inferSelect;
export type LecturaRow = typeof camionLecturasKm.$inferSelect;
export type DocumentoRow = typeof camionDocumentos.$inferSelect;

/** The stored sort key of a plate's label (§4.3, decision 0029). */
const ordenDeMatricula = (matricula: string) => ({
  etiquetaOrden: claveOrdenEtiqueta(matriculaTexto(matricula)),
  etiquetaOrdenDe: matricula,
});

export const insertCamion = async (tx: Executor, fila: CamionFila) => {
  const [row] = await tx
    .insert(camiones)
    .values({ ...fila, ...ordenDeMatricula(fila.matricula) })
    .returning({ id: camiones.id });
  return row?.id ?? '';
};

/** Changes the record and counts one more version. */
export const updateCamion = (tx: Executor, id: string, set: Partial<CamionFila>) =>
  tx
    .update(camiones)
    .set({
      ...set,
      ...(set.matricula === undefined ? {} : ordenDeMatricula(set.matricula)),
      updatedAt: sql`now()`,
      version: sql`${camiones.version} + 1`,
    })
    .where(eq(camiones.id, id));

/** Derived values (ITV due date, odometer): not an edit, so no new version. */
export const setDerivados = (
  tx: Executor,
  id: string,
  set: Partial<
    Pick<
      CamionFila,
      | 'itvHasta'
      | 'kmActual'
      | 'kmFecha'
      | 'tacografo'
      | 'noAptoFijo'
      | 'noAptoDesde'
      | 'venceDesde'
      | 'kmRestantesMin'
      | 'resumen'
    >
  >,
) => tx.update(camiones).set(set).where(eq(camiones.id, id));

/** The row, locked for the rest of the transaction. */
export const lockCamion = async (tx: Executor, id: string) =>
  (await tx.select().from(camiones).where(eq(camiones.id, id)).for('update'))[0];

export const findCamionRow = async (executor: Executor, id: string) =>
  (await executor.select().from(camiones).where(eq(camiones.id, id)))[0];

/**
 * What an answer reads of a vehicle once `resumen` is stored: its columns (dates as text,
 * instants as ISO text, no search column) and its habitual driver's name, as one JSON value
 * per row, so the drivers hand over one field instead of thirty typed ones.
 */
export type FilaCamion = Omit<
  CamionRow,
  'busqueda' | 'createdAt' | 'updatedAt' | 'venceDesde' | 'kmRestantesMin'
> & {
  createdAt: string;
  updatedAt: string;
  conductorNombre: string | null;
};

const instante = (columna: SQL) =>
  sql`to_char(${columna} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const filaJson = sql`json_build_object('id', c.id, 'empresa', c.empresa,
  'matricula', c.matricula, 'bastidor', c.bastidor, 'tipo', c.tipo, 'carroceria', c.carroceria,
  'marca', c.marca, 'modelo', c.modelo,
  'fechaPrimeraMatriculacion', c.fecha_primera_matriculacion, 'fechaAlta', c.fecha_alta,
  'mmaKg', c.mma_kg, 'taraKg', c.tara_kg, 'autorizacion', c.autorizacion, 'seguro', c.seguro,
  'tacografo', c.tacografo, 'itvProximaInicial', c.itv_proxima_inicial, 'itvHasta', c.itv_hasta,
  'conductorHabitualId', c.conductor_habitual_id, 'estado', c.estado, 'fechaBaja', c.fecha_baja,
  'motivoBaja', c.motivo_baja, 'fechaEntradaTaller', c.fecha_entrada_taller,
  'kmActual', c.km_actual, 'kmFecha', c.km_fecha, 'noAptoFijo', c.no_apto_fijo,
  'noAptoDesde', c.no_apto_desde, 'observaciones', c.observaciones, 'resumen', c.resumen,
  'version', c.version, 'createdAt', ${instante(sql`c.created_at`)},
  'createdBySub', c.created_by_sub, 'createdByEmail', c.created_by_email,
  'updatedAt', ${instante(sql`c.updated_at`)},
  'updatedBySub', c.updated_by_sub, 'updatedByEmail', c.updated_by_email,
  'conductorNombre', (select k.nombre || ' ' || k.apellidos from conductores k
    where k.id = c.conductor_habitual_id))`;

const filasPorIds = async (executor: Executor, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : (
        await rowsOf<{ fila: FilaCamion }>(
          executor,
          sql`select ${filaJson} as fila from camiones c where c.id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        )
      ).map((r) => r.fila);

export const findFilaCamion = async (
  executor: Executor,
  id: string,
): Promise<FilaCamion | undefined> => (await filasPorIds(executor, [id]))[0];

const dialecto = new PgDialect();

export const deleteCamion = (tx: Executor, id: string) =>
  tx.delete(camiones).where(eq(camiones.id, id));

export type FiltrosCamion = {
  searchTerm?: string | undefined;
  estados?: string[] | undefined;
  tipos?: string[] | undefined;
  clase?: 'motor' | 'remolque' | undefined;
  conductorId?: string | undefined;
  /** §4.7 on this day: only vehicles apto for the road. */
  aptosEl?: string | undefined;
  /** Only vehicles with an item due by this day (or by km). */
  vencenHasta?: string | undefined;
};

const condiciones = (f: FiltrosCamion) => {
  const where: SQL[] = [];
  if (f.searchTerm)
    where.push(
      sql`${camiones.busqueda} like ${`%${escapeLike(normalizeSearchText(f.searchTerm))}%`}`,
    );
  if (f.estados?.length) where.push(inArray(camiones.estado, f.estados));
  if (f.tipos?.length) where.push(inArray(camiones.tipo, f.tipos));
  if (f.clase === 'remolque') where.push(inArray(camiones.tipo, ['semirremolque', 'remolque']));
  if (f.clase === 'motor') where.push(sql`${camiones.tipo} not in ('semirremolque', 'remolque')`);
  if (f.conductorId) where.push(sql`${camiones.conductorHabitualId}::text = ${f.conductorId}`);
  if (f.aptosEl)
    where.push(
      sql`not ${camiones.noAptoFijo} and (${camiones.noAptoDesde} is null or ${camiones.noAptoDesde} > ${f.aptosEl}::date)`,
    );
  // One range of camiones_vence_desde_idx: the first day the vehicle's stored items put it in
  // §4.3's window, kept by `refrescar` with camion_vencimientos (decision 0029).
  if (f.vencenHasta)
    where.push(
      sql`${camiones.estado} <> 'baja' and ${camiones.venceDesde} <= ${f.vencenHasta}::date`,
    );
  return where.length ? and(...where) : undefined;
};

const ORDEN = {
  matricula: [camiones.matricula],
  tipo: [camiones.tipo, camiones.matricula],
  marca: [sql`lower(${camiones.marca})`, sql`lower(${camiones.modelo})`, camiones.matricula],
  estado: [camiones.estado, camiones.matricula],
  itvHasta: [camiones.itvHasta, camiones.matricula],
  kmActual: [camiones.kmActual, camiones.matricula],
  updatedAt: [camiones.updatedAt, camiones.matricula],
} as const;

/**
 * One page of vehicles, filtered and sorted in SQL, and the match set's total: one prepared
 * statement (decision 0010) whose rows carry the total (a window over the match set, before
 * LIMIT) and each vehicle as JSON; a page past the end has no row to carry it and counts apart.
 */
export const camionesPagina = async (
  database: Database,
  f: FiltrosCamion,
  sort: { field: keyof typeof ORDEN; direction: 'asc' | 'desc' },
  page: number,
  limit: number,
) => {
  const where = condiciones(f);
  const orden = sql.join(
    [
      ...ORDEN[sort.field].map((c) =>
        sort.direction === 'desc' ? sql`${c} desc nulls last` : sql`${c} asc nulls last`,
      ),
      sql`${camiones.id} asc`,
    ],
    sql`, `,
  );
  const filtro = where ? sql`where ${where}` : sql``;
  const consulta = dialecto.sqlToQuery(
    sql`select m.total, ${filaJson} as fila
      from (select ${camiones.id}, count(*) over () as total,
              row_number() over (order by ${orden}) as n
            from ${camiones} ${filtro}
            order by ${orden} limit ${limit} offset ${(page - 1) * limit}) m
      join camiones c on c.id = m.id
      order by m.n`,
  );
  const filas = await database.queryPrepared<{ total: number | string; fila: FilaCamion }>(
    consulta.sql,
    consulta.params as PreparedValue[],
  );
  const rows = filas.map((r) => r.fila);
  if (filas.length > 0) return { rows, total: Number(filas[0]?.total ?? 0) };
  if (page === 1) return { rows, total: 0 };
  const [total] = await database.db.select({ n: count() }).from(camiones).where(where);
  return { rows, total: total?.n ?? 0 };
};

export type VencimientoGuardado = {
  tipo: string;
  concepto: string;
  fecha: string | null;
  kmRestantes: number | null;
  fechaEstimada: string | null;
};

/** Replaces a vehicle's stored due items (in the write's transaction). */
export const guardarVencimientos = async (
  tx: Executor,
  camionId: string,
  items: readonly VencimientoGuardado[],
) => {
  await tx.delete(camionVencimientos).where(eq(camionVencimientos.camionId, camionId));
  if (items.length > 0)
    await tx
      .insert(camionVencimientos)
      .values(items.map((item, orden) => ({ camionId, orden, ...item })));
};

/**
 * One page of §4.3's window (§6 `/api/camiones/vencimientos`, decision 0029): the stored items
 * of vehicles not in baja and the dates of active drivers, due by `hasta` (or by km, or with
 * neither date nor km: no policy), counted in SQL — total, vencidos on `hoy`, per tipo. The order
 * is §4.3's: by day (a km-only item by its estimate, else last), then label with Spanish
 * collation, then ámbito, id, and the item's place among its record's (ordenarVentana). The labels' stored keys
 * (claveOrdenEtiqueta, code-point order) give that order in SQL, so the page is cut here
 * (`exacta`). When an item of the page's days has no valid key (a label outside the key's
 * characters, or a row written some other way), the page is cut by day instead — every item from
 * the day of its first to the day of its last — with `antes`, the items of earlier days, for the
 * API to sort and find the page among them.
 */
const ORDEN_VENTANA = `dia, clave collate "C", ambito, ref, orden, tipo collate "C",
  concepto collate "C"`;

export const vencimientosPagina = async (
  database: Database,
  hoy: string,
  hasta: string,
  desde: number,
  limit: number,
) => {
  const [row] = await database.queryPrepared<{
    meta: {
      total: number;
      vencidos: number;
      antes: number;
      exacta: boolean;
      porTipo: Record<string, number> | null;
    };
    items:
      | [
          ambito: 'camion' | 'conductor',
          refId: string,
          nombre: string,
          tipo: string,
          concepto: string | null,
          fecha: string | null,
          kmRestantes: number | null,
          fechaEstimada: string | null,
          orden: number | null,
        ][]
      | null;
  }>(
    `with items as (
        select 'camion' as ambito, v.camion_id as ref, c.matricula as nombre, v.tipo, v.concepto,
          v.fecha, v.km_restantes, v.fecha_estimada, v.orden,
          coalesce(v.fecha, v.fecha_estimada, '9999-12-31'::date) as dia,
          (v.fecha < $1::date or v.km_restantes <= 0
            or (v.fecha is null and v.km_restantes is null)) as vencido,
          case when c.etiqueta_orden_de = c.matricula then c.etiqueta_orden end as clave
        from camion_vencimientos v join camiones c on c.id = v.camion_id
        where c.estado <> 'baja' and (v.fecha <= $2::date or v.km_restantes <= ${KM_AVISO}
          or (v.fecha is null and v.km_restantes is null))
        union all
        select 'conductor', k.id, k.nombre || ' ' || k.apellidos, d.tipo, null, d.fecha, null,
          null, d.orden, d.fecha, d.fecha < $1::date,
          case when k.etiqueta_orden_de = k.nombre || ' ' || k.apellidos then k.etiqueta_orden end
        from conductores k cross join lateral (values ('permiso', k.permiso_vencimiento, 0),
          ('cap', k.cap_vencimiento, 1),
          ('tarjeta_tacografo', (k.tarjeta_tacografo->>'vencimiento')::date, 2)) d(tipo, fecha, orden)
        where k.activo and d.fecha <= $2::date),
      corte as (
        select (select dia from items order by dia offset $3::int limit 1) as primero,
          (select dia from items order by dia offset $3::int + $4::int - 1 limit 1) as ultimo),
      exacta as (
        select not exists (select 1 from items, corte
          where dia >= corte.primero and (corte.ultimo is null or dia <= corte.ultimo)
            and clave is null) as si)
      select
        (select json_build_object('total', count(*), 'vencidos', count(*) filter (where vencido),
            'antes', count(*) filter (where dia < corte.primero),
            'exacta', (select si from exacta),
            'porTipo', (select json_object_agg(t.tipo, t.n)
              from (select tipo, count(*) as n from items group by tipo) t))
          from items, corte) as meta,
        case when (select si from exacta) then
          (select json_agg(json_build_array(ambito, ref, nombre, tipo, concepto, fecha,
              km_restantes, fecha_estimada, orden) order by ${ORDEN_VENTANA})
            from (select * from items order by ${ORDEN_VENTANA} offset $3::int limit $4::int) p)
        else
          (select json_agg(json_build_array(ambito, ref, nombre, tipo, concepto, fecha,
              km_restantes, fecha_estimada, orden))
            from items, corte
            where dia >= corte.primero and (corte.ultimo is null or dia <= corte.ultimo))
        end as items`,
    [hoy, hasta, desde, limit],
  );
  return {
    total: row?.meta.total ?? 0,
    vencidos: row?.meta.vencidos ?? 0,
    antes: row?.meta.antes ?? 0,
    exacta: row?.meta.exacta ?? true,
    porTipo: row?.meta.porTipo ?? {},
    items: (row?.items ?? []).map(
      ([ambito, refId, nombre, tipo, concepto, fecha, kmRestantes, fechaEstimada, orden]) => ({
        ambito,
        refId,
        nombre,
        tipo,
        concepto,
        fecha,
        kmRestantes,
        fechaEstimada,
        orden,
      }),
    ),
  };
};

/**
 * The sort keys of the labels (claveOrdenEtiqueta) of every vehicle and driver whose key is
 * missing or stale: rows written before the keys or some other way than the services (the bench's
 * bulk seed). Two statements, each one update from a JSON list.
 */
export const completarClavesDeOrden = async (executor: Executor) => {
  const camionesSin = await rowsOf<{ id: string; de: string }>(
    executor,
    sql`select id, matricula as de from camiones
      where etiqueta_orden_de is distinct from matricula`,
  );
  const conductoresSin = await rowsOf<{ id: string; de: string }>(
    executor,
    sql`select id, nombre || ' ' || apellidos as de from conductores
      where etiqueta_orden_de is distinct from nombre || ' ' || apellidos`,
  );
  const lista = (filas: { id: string; de: string }[], etiqueta: (de: string) => string) =>
    JSON.stringify(
      filas.map((f) => ({ id: f.id, de: f.de, clave: claveOrdenEtiqueta(etiqueta(f.de)) })),
    );
  if (camionesSin.length > 0)
    await executor.execute(sql`update camiones c set etiqueta_orden = x.clave,
        etiqueta_orden_de = x.de
      from json_to_recordset(${lista(camionesSin, matriculaTexto)}::json) as x(id uuid, de text, clave text)
      where c.id = x.id`);
  if (conductoresSin.length > 0)
    await executor.execute(sql`update conductores k set etiqueta_orden = x.clave,
        etiqueta_orden_de = x.de
      from json_to_recordset(${lista(conductoresSin, (de) => de)}::json) as x(id uuid, de text, clave text)
      where k.id = x.id`);
};

/** Every vehicle id (the bench refreshes the stored items after its bulk seed). */
export const idsDeCamiones = async (executor: Executor) =>
  (await executor.select({ id: camiones.id }).from(camiones)).map((r) => r.id);

export const camionesPorIds = filasPorIds;

type DatosCamion = {
  inspecciones: { _id: string; fecha: string; resultado: string }[];
  mantenimientos: { tipo: string; proximaFecha: string | null; proximoKm: number | null }[];
  lecturas: { fecha: string; km: number }[];
  documentos: { categoria: string; vencimiento: string | null }[];
  conductor: { _id: string; nombre: string } | null;
};

/**
 * What a vehicle's derived answer needs, for many vehicles in one statement: its inspections in
 * date order, per tipo the latest mantenimiento that plans a next one (§4.5), of the readings of
 * the 90 days before its latest only the first and last (by date; kmPorDia takes their span,
 * and readings rise with their dates, §4.4), the documents with a vencimiento and the habitual
 * driver's name.
 */
export const datosDeCamiones = async (executor: Executor, ids: readonly string[]) => {
  const lista = [...ids];
  const vacio = {
    inspecciones: [] as { _id: string; camionId: string; fecha: string; resultado: string }[],
    mantenimientos: [] as {
      camionId: string;
      tipo: string;
      proximaFecha: string | null;
      proximoKm: number | null;
    }[],
    lecturas: [] as { camionId: string; fecha: string; km: number }[],
    documentos: [] as { camionId: string; categoria: string; vencimiento: string | null }[],
    nombres: [] as { camionId: string; _id: string; nombre: string }[],
  };
  if (lista.length === 0) return vacio;
  const rows = await rowsOf<{ camionId: string; d: DatosCamion }>(
    executor,
    sql`select c.id::text as "camionId", jsonb_build_object(
          'inspecciones', coalesce((select jsonb_agg(jsonb_build_object('_id', i.id,
              'fecha', i.fecha, 'resultado', i.resultado) order by i.fecha, i.created_at)
            from camion_itv i where i.camion_id = c.id), '[]'::jsonb),
          'mantenimientos', coalesce((select jsonb_agg(jsonb_build_object('tipo', m.tipo,
              'proximaFecha', m.proxima_fecha, 'proximoKm', m.proximo_km))
            from (select distinct on (x.tipo) x.tipo, x.proxima_fecha, x.proximo_km
                  from camion_mantenimientos x
                  where x.camion_id = c.id
                    and (x.proxima_fecha is not null or x.proximo_km is not null)
                  order by x.tipo, x.fecha desc, x.created_at desc) m), '[]'::jsonb),
          'lecturas', (select case count(*)
              when 0 then '[]'::jsonb
              when 1 then jsonb_build_array(jsonb_build_object('fecha', max(l.fecha), 'km', max(l.km)))
              else jsonb_build_array(jsonb_build_object('fecha', min(l.fecha), 'km', min(l.km)),
                jsonb_build_object('fecha', max(l.fecha), 'km', max(l.km))) end
            from camion_lecturas_km l
            where l.camion_id = c.id and l.fecha >= c.km_fecha - 90),
          'documentos', coalesce((select jsonb_agg(jsonb_build_object('categoria', d.categoria,
              'vencimiento', d.vencimiento))
            from camion_documentos d
            where d.camion_id = c.id and d.vencimiento is not null), '[]'::jsonb),
          'conductor', (select jsonb_build_object('_id', k.id,
              'nombre', k.nombre || ' ' || k.apellidos)
            from conductores k where k.id = c.conductor_habitual_id)) as d
        from camiones c
        where c.id in (${sql.join(
          lista.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  for (const { camionId, d } of rows) {
    vacio.inspecciones.push(...d.inspecciones.map((i) => ({ ...i, camionId })));
    vacio.mantenimientos.push(...d.mantenimientos.map((m) => ({ ...m, camionId })));
    vacio.lecturas.push(...d.lecturas.map((l) => ({ ...l, camionId })));
    vacio.documentos.push(...d.documentos.map((x) => ({ ...x, camionId })));
    if (d.conductor) vacio.nombres.push({ camionId, ...d.conductor });
  }
  return vacio;
};

/** §4.10: what refers to the vehicle. */
export const usoCamion = async (tx: Executor, id: string) => {
  const [uso] = await rowsOf<{ mantenimientos: number; inspecciones: number; documentos: number }>(
    tx,
    sql`select
      (select count(*)::int from camion_mantenimientos where camion_id = ${id}) as mantenimientos,
      (select count(*)::int from camion_itv where camion_id = ${id}) as inspecciones,
      (select count(*)::int from camion_documentos where camion_id = ${id}) as documentos`,
  );
  return uso ?? { mantenimientos: 0, inspecciones: 0, documentos: 0 };
};

/** The non-baja vehicle (other than `excepto`) whose habitual driver this is. */
export const habitualEn = async (executor: Executor, conductorId: string, excepto?: string) =>
  (
    await executor
      .select({ _id: camiones.id, matricula: camiones.matricula })
      .from(camiones)
      .where(
        and(
          eq(camiones.conductorHabitualId, conductorId),
          ne(camiones.estado, 'baja'),
          excepto ? ne(camiones.id, excepto) : undefined,
        ),
      )
      .limit(1)
  )[0];

/** Every vehicle a driver is habitual on (to unassign on deactivation). */
export const camionesDeConductor = (executor: Executor, conductorId: string) =>
  executor
    .select({ _id: camiones.id })
    .from(camiones)
    .where(eq(camiones.conductorHabitualId, conductorId));

export const esTallerDeTransporte = async (executor: Executor, id: string) => {
  const [row] = await rowsOf<{ ok: boolean }>(
    executor,
    sql`select true as ok from partes where id = ${id} and tipo = 'proveedor'
        and empresa = 'transporte'`,
  );
  return row?.ok === true;
};

export const nombresDeTalleres = async (executor: Executor, ids: readonly string[]) => {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await rowsOf<{ id: string; nombre: string }>(
    executor,
    sql`select id::text as id, nombre from partes where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, r.nombre]));
};

/**
 * §2.6 mantenimiento.compraId → a compra of Transportes (finanzas' table through its index), not
 * anulada; answered as the Mantenimientos tab shows it. Ids that are no uuid are skipped.
 */
export const comprasDeTransporte = async (executor: Executor, ids: readonly string[]) => {
  const { compras } = finanzasTables;
  const validos = ids.filter((id) => UUID.test(id));
  if (validos.length === 0)
    return new Map<string, { numeroRegistro: string; proveedor: string; numero: string }>();
  const rows = await executor
    .select({
      id: compras.id,
      numeroRegistro: compras.numeroRegistro,
      proveedor: compras.proveedor,
      numero: compras.numeroFacturaProveedor,
    })
    .from(compras)
    .where(
      and(
        inArray(compras.id, validos),
        eq(compras.empresa, 'transporte'),
        ne(compras.estado, 'anulada'),
      ),
    );
  return new Map(
    rows.map((r) => [
      r.id,
      { numeroRegistro: r.numeroRegistro, proveedor: r.proveedor.nombre, numero: r.numero },
    ]),
  );
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Asignaciones (§2.1): written only by assigning and unassigning the habitual driver.

export const abrirAsignacion = (
  tx: Executor,
  camionId: string,
  conductorId: string,
  desde: string,
) => tx.insert(camionAsignaciones).values({ camionId, conductorId, desde });

export const cerrarAsignacion = (tx: Executor, camionId: string, hasta: string) =>
  tx
    .update(camionAsignaciones)
    .set({ hasta })
    .where(and(eq(camionAsignaciones.camionId, camionId), isNull(camionAsignaciones.hasta)));

export const asignacionesDe = (executor: Executor, camionId: string) =>
  executor
    .select({
      conductorId: camionAsignaciones.conductorId,
      nombre: sql<string>`${conductores.nombre} || ' ' || ${conductores.apellidos}`,
      desde: camionAsignaciones.desde,
      hasta: camionAsignaciones.hasta,
    })
    .from(camionAsignaciones)
    .innerJoin(conductores, eq(conductores.id, camionAsignaciones.conductorId))
    .where(eq(camionAsignaciones.camionId, camionId))
    .orderBy(desc(camionAsignaciones.desde), desc(camionAsignaciones.createdAt));

// Inspecciones ITV

export const itvDe = (executor: Executor, camionId: string) =>
  executor
    .select()
    .from(camionItv)
    .where(eq(camionItv.camionId, camionId))
    .orderBy(asc(camionItv.fecha), asc(camionItv.createdAt));

export const insertItv = async (tx: Executor, fila: typeof camionItv.$inferInsert) => {
  const [row] = await tx.insert(camionItv).values(fila).returning({ id: camionItv.id });
  return row?.id ?? '';
};

export const updateItv = (tx: Executor, id: string, set: Partial<typeof camionItv.$inferInsert>) =>
  tx
    .update(camionItv)
    .set({ ...set, updatedAt: sql`now()`, version: sql`${camionItv.version} + 1` })
    .where(eq(camionItv.id, id));

/** The stored result of the chain (§2.1 proximaItv / plazoSubsanacion). */
export const setResultadoItv = (
  tx: Executor,
  id: string,
  proximaItv: string,
  plazoSubsanacion: string | null,
) => tx.update(camionItv).set({ proximaItv, plazoSubsanacion }).where(eq(camionItv.id, id));

export const deleteItv = (tx: Executor, id: string) =>
  tx.delete(camionItv).where(eq(camionItv.id, id));

// Mantenimientos

export const mantenimientosPagina = async (
  executor: Executor,
  camionId: string,
  page: number,
  limit: number,
  tipo?: string,
) => {
  const donde = and(
    eq(camionMantenimientos.camionId, camionId),
    tipo === undefined ? undefined : eq(camionMantenimientos.tipo, tipo),
  );
  const [total] = await executor.select({ n: count() }).from(camionMantenimientos).where(donde);
  const data = await executor
    .select()
    .from(camionMantenimientos)
    .where(donde)
    .orderBy(desc(camionMantenimientos.fecha), desc(camionMantenimientos.createdAt))
    .limit(limit)
    .offset((page - 1) * limit);
  return { data, total: total?.n ?? 0 };
};

/**
 * Costs of the Mantenimientos tab (§4.5): the year's, and the last 12 months' over the km driven
 * in them, half-up to cents (numeric arithmetic, no float).
 */
export const costesMantenimiento = async (
  executor: Executor,
  camionId: string,
  anio: string,
  desde: string,
) => {
  const [row] = await rowsOf<{ anio: string; porKm: string | null }>(
    executor,
    sql`with doce as (
          select coalesce(sum(coste), 0) as coste from camion_mantenimientos
          where camion_id = ${camionId} and fecha > ${desde}::date),
        km as (
          select max(km) - min(km) as km from camion_lecturas_km
          where camion_id = ${camionId} and fecha > ${desde}::date)
        select (select coalesce(sum(coste), 0)::numeric(14,2)::text from camion_mantenimientos
                where camion_id = ${camionId} and to_char(fecha, 'YYYY') = ${anio}) as anio,
          case when km.km > 0 then round(doce.coste / km.km, 2)::text end as "porKm"
        from doce, km`,
  );
  return row ?? { anio: '0.00', porKm: null };
};

export const findMantenimiento = async (executor: Executor, camionId: string, id: string) =>
  (
    await executor
      .select()
      .from(camionMantenimientos)
      .where(and(eq(camionMantenimientos.id, id), eq(camionMantenimientos.camionId, camionId)))
  )[0];

export const insertMantenimiento = async (
  tx: Executor,
  fila: typeof camionMantenimientos.$inferInsert,
) => {
  const [row] = await tx
    .insert(camionMantenimientos)
    .values(fila)
    .returning({ id: camionMantenimientos.id });
  return row?.id ?? '';
};

export const updateMantenimiento = (
  tx: Executor,
  id: string,
  set: Partial<typeof camionMantenimientos.$inferInsert>,
) =>
  tx
    .update(camionMantenimientos)
    .set({ ...set, updatedAt: sql`now()`, version: sql`${camionMantenimientos.version} + 1` })
    .where(eq(camionMantenimientos.id, id));

export const deleteMantenimiento = (tx: Executor, id: string) =>
  tx.delete(camionMantenimientos).where(eq(camionMantenimientos.id, id));

// Lecturas de kilometraje

export const lecturasPagina = async (
  executor: Executor,
  camionId: string,
  page: number,
  limit: number,
) => {
  const [total] = await executor
    .select({ n: count() })
    .from(camionLecturasKm)
    .where(eq(camionLecturasKm.camionId, camionId));
  const data = await executor
    .select()
    .from(camionLecturasKm)
    .where(eq(camionLecturasKm.camionId, camionId))
    .orderBy(desc(camionLecturasKm.fecha), desc(camionLecturasKm.km))
    .limit(limit)
    .offset((page - 1) * limit);
  return { data, total: total?.n ?? 0 };
};

export const findLectura = async (executor: Executor, camionId: string, id: string) =>
  (
    await executor
      .select()
      .from(camionLecturasKm)
      .where(and(eq(camionLecturasKm.id, id), eq(camionLecturasKm.camionId, camionId)))
  )[0];

export const insertLectura = async (tx: Executor, fila: typeof camionLecturasKm.$inferInsert) =>
  (await tx.insert(camionLecturasKm).values(fila).returning())[0];

/**
 * The readings around a day (§4.4). Readings are ordered the same by date and by km (each was
 * checked against its neighbours), so the highest on or before `fecha` is the latest one there
 * and the lowest after it the first one after: two index probes, whatever the history's length
 * (ordered by the column: `fecha` alone would name the to_char text and sort every reading).
 * `sin` leaves out the reading of a mantenimiento or inspection being replaced.
 */
export const lecturasVecinas = async (
  executor: Executor,
  camionId: string,
  fecha: string,
  sin?: string,
) => {
  const otra = sin ? sql`and (origen_id is null or origen_id <> ${sin}::uuid)` : sql``;
  const [antes] = await rowsOf<{ fecha: string; km: number }>(
    executor,
    sql`select to_char(fecha, 'YYYY-MM-DD') as fecha, km from camion_lecturas_km
        where camion_id = ${camionId} and fecha <= ${fecha}::date ${otra}
        order by camion_lecturas_km.fecha desc, km desc limit 1`,
  );
  const [despues] = await rowsOf<{ fecha: string; km: number }>(
    executor,
    sql`select to_char(fecha, 'YYYY-MM-DD') as fecha, km from camion_lecturas_km
        where camion_id = ${camionId} and fecha > ${fecha}::date ${otra}
        order by camion_lecturas_km.fecha asc, km asc limit 1`,
  );
  return [antes, despues].filter((l): l is { fecha: string; km: number } => l !== undefined);
};

/**
 * A vehicle's answer row (filaJson), locked for the rest of the transaction: what a reading
 * needs to check itself and, when it leaves the stored resumen as it was, to answer.
 */
export const lockFilaCamion = async (tx: Executor, id: string) =>
  (
    await rowsOf<{ fila: FilaCamion }>(
      tx,
      sql`select ${filaJson} as fila from camiones c where c.id = ${id}::uuid for update of c`,
    )
  )[0]?.fila;

/**
 * §4.4 and §4.5 for a reading on `fecha`, in one statement after the lock (its own snapshot, so
 * it sees what a transaction that held the lock before wrote): the readings around the day, as
 * lecturasVecinas, and of the 90-day window before the latest reading (what kmPorDia reads) the
 * count and the lowest day and km.
 */
export const entornoLectura = async (
  tx: Executor,
  camionId: string,
  fecha: string,
  kmFecha: string | null,
) => {
  const punto = sql`json_build_object('fecha', to_char(l.fecha, 'YYYY-MM-DD'), 'km', l.km)`;
  const [row] = await rowsOf<{
    antes: { fecha: string; km: number } | null;
    despues: { fecha: string; km: number } | null;
    ventana: { n: number; fecha: string | null; km: number | null };
  }>(
    tx,
    sql`select
        (select ${punto} from camion_lecturas_km l
          where l.camion_id = ${camionId} and l.fecha <= ${fecha}::date
          order by l.fecha desc, l.km desc limit 1) as antes,
        (select ${punto} from camion_lecturas_km l
          where l.camion_id = ${camionId} and l.fecha > ${fecha}::date
          order by l.fecha asc, l.km asc limit 1) as despues,
        (select json_build_object('n', count(*), 'fecha', to_char(min(l.fecha), 'YYYY-MM-DD'),
            'km', min(l.km))
          from camion_lecturas_km l
          where l.camion_id = ${camionId} and l.fecha >= ${kmFecha}::date - 90) as ventana`,
  );
  return {
    vecinas: [row?.antes, row?.despues].filter(
      (l): l is { fecha: string; km: number } => l !== undefined && l !== null,
    ),
    ventana: row?.ventana ?? { n: 0, fecha: null, km: null },
  };
};

/**
 * A manual reading and §4.4's kmActual/kmFecha in one statement: the insert, and the vehicle's
 * latest reading (the latest stored or the new one, by fecha then km) written on the row when
 * it differs. Answers the stored reading and whether the row's km changed.
 */
export const insertLecturaYKm = async (
  tx: Executor,
  fila: {
    camionId: string;
    fecha: string;
    km: number;
    confirmada: boolean;
    registradoPor: string | null;
  },
) => {
  const [row] = await rowsOf<{
    id: string;
    fecha: string;
    km: number;
    createdAt: string;
    /** Whether kmActual or kmFecha changed. */
    movido: boolean;
  }>(
    tx,
    sql`with nueva as (
          insert into camion_lecturas_km (camion_id, fecha, km, origen, confirmada, registrado_por)
          values (${fila.camionId}, ${fila.fecha}::date, ${fila.km}, 'manual', ${fila.confirmada},
            ${fila.registradoPor})
          returning id, fecha, km, created_at),
        ultima as (
          select x.km, x.fecha from (
            (select l.km, l.fecha from camion_lecturas_km l where l.camion_id = ${fila.camionId}
              order by l.fecha desc, l.km desc limit 1)
            union all select km, fecha from nueva) x
          order by x.fecha desc, x.km desc limit 1),
        km as (
          update camiones c set km_actual = u.km, km_fecha = u.fecha from ultima u
          where c.id = ${fila.camionId}
            and (c.km_actual, c.km_fecha) is distinct from (u.km, u.fecha)
          returning c.id)
        select n.id::text as id, to_char(n.fecha, 'YYYY-MM-DD') as fecha, n.km,
          to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
          exists (select 1 from km) as movido
        from nueva n`,
  );
  return row;
};

export const deleteLectura = (tx: Executor, id: string) =>
  tx.delete(camionLecturasKm).where(eq(camionLecturasKm.id, id));

export const deleteLecturasDeOrigen = (tx: Executor, origenId: string) =>
  tx.delete(camionLecturasKm).where(eq(camionLecturasKm.origenId, origenId));

/** §4.4 kmActual and kmFecha from the latest reading (none: null), in one statement. */
export const actualizarKm = (tx: Executor, camionId: string) =>
  tx.execute(sql`update camiones set (km_actual, km_fecha) = (
      select l.km, l.fecha from camion_lecturas_km l where l.camion_id = ${camionId}
      order by l.fecha desc, l.km desc limit 1)
    where id = ${camionId}`);

// Documentos

export const documentosDe = (executor: Executor, camionId: string) =>
  rowsOf<{
    _id: string;
    nombre: string;
    mime: string;
    tamano: number;
    categoria: string;
    fechaDocumento: string | null;
    vencimiento: string | null;
    createdAt: string;
    createdBy: string | null;
  }>(
    executor,
    sql`select a.id::text as "_id", a.nombre, a.mime, a.tamano, d.categoria,
          to_char(d.fecha_documento, 'YYYY-MM-DD') as "fechaDocumento",
          to_char(d.vencimiento, 'YYYY-MM-DD') as vencimiento,
          to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
          coalesce(d.created_by_email, d.created_by_sub) as "createdBy"
        from camion_documentos d join archivos a on a.id = d.archivo_id
        where d.camion_id = ${camionId} order by d.created_at desc`,
  );

export const insertDocumento = (tx: Executor, fila: typeof camionDocumentos.$inferInsert) =>
  tx.insert(camionDocumentos).values(fila);

export const findDocumento = async (executor: Executor, camionId: string, archivoId: string) =>
  (
    await executor
      .select()
      .from(camionDocumentos)
      .where(
        and(eq(camionDocumentos.camionId, camionId), eq(camionDocumentos.archivoId, archivoId)),
      )
  )[0];

export const deleteDocumento = (tx: Executor, archivoId: string) =>
  tx.delete(camionDocumentos).where(eq(camionDocumentos.archivoId, archivoId));

/** An inspection's "Informe" is one of the vehicle's files; deleting that file unlinks it. */
export const desvincularInforme = (tx: Executor, archivoId: string) =>
  tx
    .update(camionItv)
    .set({ informeArchivoId: null })
    .where(eq(camionItv.informeArchivoId, archivoId));

/** Whether the fleet holds any vehicle (the demo seeds an empty one only). */
export const hayCamiones = async (executor: Executor) =>
  (await executor.select({ id: camiones.id }).from(camiones).limit(1)).length > 0;

/** A transporte supplier by its documento (the demo's workshops). */
export const proveedorTransportePorDocumento = async (executor: Executor, documento: string) => {
  const [row] = await rowsOf<{ id: string }>(
    executor,
    sql`select id::text from partes where documento = ${documento} and tipo = 'proveedor'
        and empresa = 'transporte'`,
  );
  return row?.id;
};
