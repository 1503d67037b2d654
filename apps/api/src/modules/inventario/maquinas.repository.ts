import { eq, sql, type SQL } from 'drizzle-orm';
import { maquinaRevisiones, maquinas } from './inventario.table.js';
import { checkSpanishPlate } from '@tvsistema/domain/documento';
import {
  avisosMaquina,
  parseMaquinaSort,
  situacionRevision,
  type Aviso,
  type Maquina,
  type MaquinaListQuery,
  type MaquinaSortField,
  type RevisionPlanInput,
  type TipoDocumentoMaquina,
} from '@tvsistema/domain/inventario';
import { pageMetaOf } from '@tvsistema/domain/lists';
import { rowsOf, type Executor } from '../../db/executor.js';
import { auditoriaJson, dondeTodos, filtroBusqueda, ordenPor } from './comun.repository.js';
import { idValido } from './inventario-comun.js';
import { filasJson } from './lectura.repository.js';

// How a machine is read (§2.1): one statement builds the stored part as JSON, with its documents'
// expiries, plan items, open maintenance and next booking; `completarMaquina` adds what depends
// on "hoy" (plan situation R10, avisos R11) through the domain's functions.

type RevisionGuardada = {
  _id: string;
  nombre: string;
  cadaHoras: number | null;
  cadaMeses: number | null;
  avisoHoras: number;
  avisoDias: number;
  ultimaFecha: string;
  ultimasHoras: string;
};

/** The stored record before "hoy" is applied. */
export type MaquinaGuardada = Omit<Maquina, 'avisos' | 'planRevisiones' | 'matricula'> & {
  matricula: string | null;
  revisiones: RevisionGuardada[];
  documentos: { tipo: TipoDocumentoMaquina; fechaCaducidad: string | null }[];
};

/** A machine's plan items and documents as JSON (of `m`): what its avisos (R11) read. */
export const REVISIONES_JSON = sql.raw(`coalesce((select jsonb_agg(jsonb_build_object('_id', r.id,
    'nombre', r.nombre, 'cadaHoras', r.cada_horas, 'cadaMeses', r.cada_meses,
    'avisoHoras', r.aviso_horas, 'avisoDias', r.aviso_dias, 'ultimaFecha', r.ultima_fecha,
    'ultimasHoras', r.ultimas_horas::text) order by r.posicion)
  from maquina_revisiones r where r.maquina_id = m.id), '[]'::jsonb)`);
export const DOCUMENTOS_JSON =
  sql.raw(`coalesce((select jsonb_agg(jsonb_build_object('tipo', d.tipo,
    'fechaCaducidad', d.fecha_caducidad))
  from maquina_documentos d where d.maquina_id = m.id), '[]'::jsonb)`);

/** A machine's rates (of `m`), as its record and the pickers answer them. */
const TARIFAS_JSON = sql.raw(`jsonb_build_object('dia', m.tarifa_dia::text,
  'semana', m.tarifa_semana::text, 'mes', m.tarifa_mes::text,
  'horasIncluidasDia', m.horas_incluidas_dia, 'horaExtra', m.hora_extra::text,
  'fianza', m.fianza::text)`);

const json = (hoy: string) =>
  sql`jsonb_build_object(${sql.raw(auditoriaJson('m'))},
    'codigoInterno', m.codigo_interno, 'tipo', m.tipo, 'marca', m.marca, 'modelo', m.modelo,
    'anio', m.anio, 'numeroSerie', m.numero_serie, 'matricula', m.matricula,
    'fechaMatriculacion', m.fecha_matriculacion, 'requiereItv', m.requiere_itv,
    'horometro', m.horometro::text, 'horasAcumuladas', m.horas_acumuladas::text, 'estado', m.estado,
    'tarifas', ${TARIFAS_JSON},
    'diasPreparacion', m.dias_preparacion, 'pesoKg', m.peso_kg::text,
    'dimensiones', jsonb_build_object('largoMm', (m.dimensiones->>'largoMm')::int,
      'anchoMm', (m.dimensiones->>'anchoMm')::int, 'altoMm', (m.dimensiones->>'altoMm')::int),
    'combustible', m.combustible, 'caracteristicas', m.caracteristicas,
    'fechaAdquisicion', m.fecha_adquisicion, 'precioAdquisicion', m.precio_adquisicion::text,
    'proveedor', (select jsonb_build_object('_id', p.id, 'nombre', p.nombre)
                    from partes p where p.id = m.proveedor_id),
    'observaciones', m.observaciones, 'baja', m.baja,
    'revisiones', ${REVISIONES_JSON}, 'documentos', ${DOCUMENTOS_JSON},
    'mantenimientoAbierto', (select jsonb_build_object('_id', x.id, 'tipo', x.tipo,
        'descripcion', x.descripcion, 'fechaInicio', x.fecha_inicio)
      from maquina_mantenimientos x where x.maquina_id = m.id and x.estado = 'en_curso'
      order by x.fecha_inicio limit 1),
    'proximaReserva', (select jsonb_build_object('origenId', b.origen_id, 'numero', b.numero,
        'etiqueta', b.etiqueta, 'desde', b.desde, 'hasta', b.hasta)
      from (
        -- Two index walks instead of the machine's whole history (hasta >= hoy or en curso):
        -- bookings reaching hoy (GiST on machine + periodo), and delivered ones already overdue.
        select b.origen_id, b.numero, b.etiqueta, b.desde, b.hasta from inventario_bloqueos b
        where b.maquina_id = m.id and b.estado = 'activo' and b.origen_tipo = 'alquiler'
          and b.periodo && daterange(${hoy}::date, null) and b.hasta >= ${hoy}::date
          and b.albaran_devolucion_id is null
        union all
        select b.origen_id, b.numero, b.etiqueta, b.desde, b.hasta from inventario_bloqueos b
        where b.maquina_id = m.id and b.estado = 'activo' and b.origen_tipo = 'alquiler'
          and b.en_curso and (b.hasta is null or b.hasta < ${hoy}::date)
          and b.albaran_devolucion_id is null
      ) b
      order by b.desde limit 1))`;

/** Adds "hoy"'s part: the plan's situation, the avisos; the price only for maquinaria.edit. */
export const completarMaquina = (
  guardada: MaquinaGuardada,
  hoy: string,
  { verPrecio }: { verPrecio: boolean },
): Maquina => {
  const { revisiones, documentos, matricula, ...resto } = guardada;
  const planRevisiones = revisiones.map((item) => ({
    ...item,
    ...situacionRevision(item, guardada.horasAcumuladas, hoy),
  }));
  const avisos: Aviso[] = avisosMaquina({
    anio: guardada.anio,
    tieneMatricula: matricula !== null,
    requiereItv: guardada.requiereItv,
    documentos,
    revisiones: planRevisiones,
    hoy,
  });
  const plate = matricula ? checkSpanishPlate(matricula) : null;
  return {
    ...resto,
    matricula: matricula ? { normalizada: matricula, texto: plate?.texto ?? matricula } : null,
    precioAdquisicion: verPrecio ? guardada.precioAdquisicion : null,
    planRevisiones,
    avisos,
  };
};

export const findMaquinaGuardada = async (executor: Executor, id: string, hoy: string) => {
  if (!idValido(id)) return undefined;
  const [row] = await filasJson<{ r: MaquinaGuardada }>(
    executor,
    sql`select ${json(hoy)} as r from maquinas m where m.id = ${id}::uuid`,
  );
  return row?.r;
};

const ORDEN: Readonly<Record<MaquinaSortField, string>> = {
  codigoInterno: 'm.codigo_interno',
  marca: 'lower(m.marca)',
  anio: 'm.anio',
  horometro: 'm.horometro',
  tarifaDia: 'm.tarifa_dia',
  updatedAt: 'm.updated_at',
};

/** Machines free over [d1, d2] plus their preparation days (R4), not in baja. */
const libreEntre = (d1: string, d2: string, hoy: string): SQL => sql`m.estado <> 'baja'
  and not exists (select 1 from inventario_bloqueos b
    where b.maquina_id = m.id and b.estado = 'activo'
      and b.periodo && daterange(${d1}::date, (${d2}::date + 1 + m.dias_preparacion), '[)'))
  and not exists (select 1 from inventario_bloqueos b
    where b.maquina_id = m.id and b.estado = 'activo'
      and b.en_curso and b.hasta < ${hoy}::date and b.desde <= ${d2}::date)`;

const filtros = (query: Omit<MaquinaListQuery, 'page' | 'limit'>, hoy: string) =>
  dondeTodos([
    filtroBusqueda(sql.raw('m.busqueda'), query.searchTerm),
    query.tipo ? sql`m.tipo = ${query.tipo}` : undefined,
    query.estado === 'activas'
      ? sql`m.estado <> 'baja'`
      : query.estado === 'todas'
        ? undefined
        : sql`m.estado = ${query.estado}`,
    query.libreDesde && query.libreHasta
      ? libreEntre(query.libreDesde, query.libreHasta, hoy)
      : undefined,
  ]);

const PASA_AVISO: Readonly<Record<string, (avisos: Aviso[]) => boolean>> = {
  con_avisos: (avisos) => avisos.length > 0,
  revision_vencida: (avisos) => avisos.some((a) => a.codigo === 'revision_vencida'),
  documentacion: (avisos) =>
    avisos.some((a) => a.nivel === 'error' && a.codigo !== 'revision_vencida'),
};

/**
 * A page of machines. The avisos filter depends on "hoy" and the domain's rules, so with it the
 * matching rows are read whole (a fleet is at most a few thousand) and paged here.
 */
export const listMaquinas = async (
  executor: Executor,
  query: MaquinaListQuery,
  hoy: string,
  opciones: { verPrecio: boolean },
) => {
  const { field, direction } = parseMaquinaSort(query.sort) ?? {
    field: 'codigoInterno' as const,
    direction: 'asc' as const,
  };
  const where = filtros(query, hoy);
  const orderBy = ordenPor(sql.raw(ORDEN[field]), direction, sql.raw('m.id'));
  // The page's ids first, then the JSON of those machines only (with the free-dates filter the
  // JSON of every match was built before the sort: 20 of 1,000). A page carries the match set's
  // total (`count(*) over ()`), so the filter (980 GiST probes for "libre 90 días" at §10's
  // volume) runs once, not again in a count; only a page past the end counts apart.
  const leer = async (limite?: { limit: number; offset: number }) =>
    await filasJson<{ r: MaquinaGuardada; total: number }>(
      executor,
      sql`select ${json(hoy)} as r, pagina.total
          from (select m.id, ${limite ? sql`count(*) over ()` : sql`0`}::int as total
                from maquinas m where ${where} order by ${orderBy}
                ${limite ? sql`limit ${limite.limit} offset ${limite.offset}` : sql``}) pagina
          join maquinas m on m.id = pagina.id
          order by ${orderBy}`,
    );
  const offset = (query.page - 1) * query.limit;
  if (query.aviso) {
    const pasa = PASA_AVISO[query.aviso] ?? (() => true);
    const todas = (await leer())
      .map((row) => completarMaquina(row.r, hoy, opciones))
      .filter((maquina) => pasa(maquina.avisos));
    return {
      data: todas.slice(offset, offset + query.limit),
      meta: pageMetaOf(query.page, query.limit, todas.length),
    };
  }
  const filas = await leer({ limit: query.limit, offset });
  const total =
    filas[0]?.total ??
    (offset === 0
      ? 0
      : ((
          await filasJson<{ total: number }>(
            executor,
            sql`select count(*)::int as total from maquinas m where ${where}`,
          )
        )[0]?.total ?? 0));
  return {
    data: filas.map((row) => completarMaquina(row.r, hoy, opciones)),
    meta: pageMetaOf(query.page, query.limit, total),
  };
};

/** A machine as a picker with dates shows it (§6.4): its availability answer brings the rest. */
export type OpcionMaquinaGuardada = Pick<
  MaquinaGuardada,
  | '_id'
  | 'codigoInterno'
  | 'tipo'
  | 'marca'
  | 'modelo'
  | 'estado'
  | 'tarifas'
  | 'pesoKg'
  | 'diasPreparacion'
>;

/**
 * The first `limit` machines of a picker's search, in the list's default order, with the fields
 * the picker shows only: the whole record (documents, plan, open maintenance, current rental) and
 * its avisos are what the list needs, and a picker with dates takes its avisos from the
 * availability answer (§10: a fifth of the picker's CPU went on records it then dropped).
 */
export const opcionesMaquinas = (
  executor: Executor,
  query: Pick<MaquinaListQuery, 'searchTerm' | 'tipo'>,
  limit: number,
  hoy: string,
) =>
  filasJson<OpcionMaquinaGuardada>(
    executor,
    sql`select m.id as "_id", m.codigo_interno as "codigoInterno", m.tipo, m.marca, m.modelo,
          m.estado, ${TARIFAS_JSON} as tarifas, m.peso_kg::text as "pesoKg",
          m.dias_preparacion as "diasPreparacion"
        from maquinas m
        where ${filtros({ ...query, estado: 'activas', aviso: undefined, libreDesde: undefined, libreHasta: undefined, sort: undefined }, hoy)}
        order by ${ordenPor(sql.raw(ORDEN.codigoInterno), 'asc', sql.raw('m.id'))}
        limit ${limit}`,
  );

/** Every machine of the filter, with its latest ITV expiry (the export's column). */
export const exportMaquinas = async (
  executor: Executor,
  query: Omit<MaquinaListQuery, 'page' | 'limit'>,
  hoy: string,
) => {
  const { field, direction } = parseMaquinaSort(query.sort) ?? {
    field: 'codigoInterno' as const,
    direction: 'asc' as const,
  };
  const rows = await rowsOf<{ r: MaquinaGuardada }>(
    executor,
    sql`select ${json(hoy)} as r from maquinas m where ${filtros(query, hoy)}
        order by ${ordenPor(sql.raw(ORDEN[field]), direction, sql.raw('m.id'))}`,
  );
  const pasa = query.aviso ? (PASA_AVISO[query.aviso] ?? (() => true)) : () => true;
  return rows
    .map(({ r }) => ({
      maquina: completarMaquina(r, hoy, { verPrecio: false }),
      caducidadItv:
        r.documentos
          .filter((d) => d.tipo === 'itv' && d.fechaCaducidad)
          .map((d) => d.fechaCaducidad as string)
          .sort()
          .at(-1) ?? null,
    }))
    .filter(({ maquina }) => pasa(maquina.avisos));
};

export type MaquinaFila = typeof maquinas.$inferInsert;

/** A supplier of empresa alquileres (machine proveedor, maintenance taller). */
export const esProveedorDeAlquileres = async (executor: Executor, id: string) =>
  idValido(id) &&
  (
    await rowsOf(
      executor,
      sql`select 1 from partes where id = ${id} and tipo = 'proveedor' and empresa = 'alquileres'`,
    )
  ).length > 0;

/** R1: the highest number in use of a prefix, under a per-prefix transaction lock. */
export const mayorNumeroDePrefijo = async (tx: Executor, prefijo: string) => {
  await rowsOf(tx, sql`select pg_advisory_xact_lock(hashtext(${`maquinas:${prefijo}`}))`);
  const [row] = await rowsOf<{ mayor: number | null }>(
    tx,
    sql`select max((substring(codigo_interno from ${`^${prefijo}-([0-9]+)$`}))::int) as mayor
        from maquinas where empresa = 'alquileres'`,
  );
  return row?.mayor ?? 0;
};

/** The machine holding a serial of a brand (R1's 409 names it). */
export const maquinaConSerie = async (
  executor: Executor,
  marcaNormalizada: string,
  numeroSerie: string,
) => {
  const [row] = await rowsOf<{ marca: string; codigo: string }>(
    executor,
    sql`select marca, codigo_interno as codigo from maquinas
        where marca_normalizada = ${marcaNormalizada} and numero_serie = ${numeroSerie}`,
  );
  return row;
};

export const insertMaquina = async (tx: Executor, fila: MaquinaFila) => {
  const [row] = await tx.insert(maquinas).values(fila).returning({ id: maquinas.id });
  return row?.id ?? '';
};

/** Changes the record's fields and counts one more version. */
export const updateMaquina = (tx: Executor, id: string, set: Partial<MaquinaFila>) =>
  tx
    .update(maquinas)
    .set({ ...set, updatedAt: sql`now()`, version: sql`${maquinas.version} + 1` })
    .where(eq(maquinas.id, id));

/** State changes made by the ledger (delivery, return, workshop): not an edit of the record. */
export const setEstadoMaquina = (tx: Executor, id: string, estado: string, soloSi?: string) =>
  rowsOf(
    tx,
    sql`update maquinas set estado = ${estado} where id = ${id}
        ${soloSi ? sql`and estado = ${soloSi}` : sql``}`,
  );

export const lockMaquina = (tx: Executor, id: string) =>
  rowsOf(tx, sql`select id from maquinas where id = ${id} for update`);

export const deleteMaquina = (tx: Executor, id: string) =>
  tx.delete(maquinas).where(eq(maquinas.id, id));

/** R15: its bookings, and its maintenances plus readings beyond the first. */
export const usoMaquina = async (tx: Executor, id: string) => {
  const [uso] = await rowsOf<{ reservas: number; movimientos: number }>(
    tx,
    sql`select
        (select count(*)::int from inventario_bloqueos where maquina_id = ${id}) as reservas,
        (select count(*)::int from maquina_mantenimientos where maquina_id = ${id})
          + (select greatest(count(*)::int - 1, 0) from maquina_horometros where maquina_id = ${id})
          as movimientos`,
  );
  return uso ?? { reservas: 0, movimientos: 0 };
};

/** The first rental booking from hoy on that is not yet returned. */
export const primeraReservaFutura = async (tx: Executor, id: string, hoy: string) => {
  const [futura] = await rowsOf<{ numero: string; desde: string; hasta: string }>(
    tx,
    sql`select numero, desde::text, hasta::text from inventario_bloqueos
        where maquina_id = ${id} and estado = 'activo' and origen_tipo = 'alquiler'
          and hasta >= ${hoy}::date and albaran_devolucion_id is null
        order by desde limit 1`,
  );
  return futura;
};

/** Dar de baja: open maintenances are cancelled and their bookings released. */
export const cancelarMantenimientosAbiertos = async (tx: Executor, id: string) => {
  await rowsOf(
    tx,
    sql`update maquina_mantenimientos set estado = 'cancelado', updated_at = now(), version = version + 1
        where maquina_id = ${id} and estado in ('programado', 'en_curso')`,
  );
  await rowsOf(
    tx,
    sql`update inventario_bloqueos set estado = 'liberado'
        where maquina_id = ${id} and estado = 'activo' and origen_tipo = 'mantenimiento'`,
  );
};

/** Replaces the plan: items with an `_id` keep their row (and maintenances' links). */
export const guardarPlan = async (
  tx: Executor,
  maquinaId: string,
  plan: readonly RevisionPlanInput[],
  defecto: { fecha: string; horas: string },
) => {
  const conservar = plan
    .map((item) => item._id)
    .filter((id): id is string => Boolean(id && idValido(id)));
  await rowsOf(
    tx,
    conservar.length === 0
      ? sql`delete from maquina_revisiones where maquina_id = ${maquinaId}`
      : sql`delete from maquina_revisiones where maquina_id = ${maquinaId}
            and id not in (${sql.join(
              conservar.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
  );
  for (const [posicion, item] of plan.entries()) {
    const fila = {
      maquinaId,
      posicion,
      nombre: item.nombre,
      cadaHoras: item.cadaHoras ?? null,
      cadaMeses: item.cadaMeses ?? null,
      avisoHoras: item.avisoHoras,
      avisoDias: item.avisoDias,
      ultimaFecha: item.ultimaFecha ?? defecto.fecha,
      ultimasHoras: item.ultimasHoras ?? defecto.horas,
    };
    const actualizadas =
      item._id && conservar.includes(item._id)
        ? await tx
            .update(maquinaRevisiones)
            .set(fila)
            .where(eq(maquinaRevisiones.id, item._id))
            .returning({ id: maquinaRevisiones.id })
        : [];
    if (actualizadas.length === 0) await tx.insert(maquinaRevisiones).values(fila);
  }
};

/** R10: a finished maintenance restarts its plan item. */
export const reiniciarRevision = (tx: Executor, revisionId: string, fecha: string, horas: string) =>
  rowsOf(
    tx,
    sql`update maquina_revisiones set ultima_fecha = ${fecha}, ultimas_horas = ${horas}
        where id = ${revisionId}`,
  );

export const revisionDeMaquina = async (
  executor: Executor,
  revisionId: string,
  maquinaId: string,
) =>
  idValido(revisionId) &&
  (
    await rowsOf(
      executor,
      sql`select 1 from maquina_revisiones where id = ${revisionId} and maquina_id = ${maquinaId}`,
    )
  ).length > 0;

/** Whether the inventory holds any machine (the demo world seeds an empty one only). */
export const hayMaquinas = async (executor: Executor) =>
  (await rowsOf(executor, sql`select 1 from maquinas limit 1`)).length > 0;
