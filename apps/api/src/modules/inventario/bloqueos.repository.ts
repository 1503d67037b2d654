import { sql } from 'drizzle-orm';
import type { BloqueoActivo, BloqueoCantidad } from '@tvsistema/domain/inventario';
import { rowsOf, type Executor } from '../../db/executor.js';
import { dondeTodos, filtroBusqueda } from './comun.repository.js';
import { filasJson } from './lectura.repository.js';
import { DOCUMENTOS_JSON, REVISIONES_JSON, type MaquinaGuardada } from './maquinas.repository.js';

// The ledger's reads (§2.9): one indexed query per resource set, then the domain's rules decide.

/** The widest preparation a machine can have (§2.1: 0–7 days). */
const MAX_PREPARACION = 7;

type FilaBloqueo = BloqueoActivo & { recursoId: string; id: string };

const columnas = sql.raw(`b.id, coalesce(b.maquina_id, b.componente_id)::text as "recursoId",
  b.origen_tipo as "origenTipo", b.origen_id as "origenId", b.linea_id as "lineaId",
  coalesce(b.numero, '') as numero, coalesce(b.etiqueta, '') as etiqueta, b.cantidad,
  b.desde::text as desde, b.hasta::text as hasta, b.dias_preparacion as preparacion,
  b.exclusivo, b.en_curso as "enCurso"`);

type ConsultaActivos = {
  clase: 'maquina' | 'componente';
  ids: readonly string[];
  desde: string;
  hasta: string;
  hoy: string;
  excluirOrigenId?: string | undefined;
};

/** What R5's count reads of a bloqueo (the pickers' least free count), with its row's id. */
const columnasContar = sql.raw(`b.id, coalesce(b.maquina_id, b.componente_id)::text as "recursoId",
  b.cantidad, b.desde::text as desde, b.hasta::text as hasta, b.dias_preparacion as preparacion,
  b.en_curso as "enCurso"`);

/**
 * Active bloqueos of these machines or components that may touch [desde, hasta] (with any
 * preparation), plus delivered ones already overdue (they hold until returned), in `cols`;
 * grouped by resource.
 */
const leerActivos = async <Fila extends { recursoId: string }>(
  tx: Executor,
  { clase, ids, desde, hasta, hoy, excluirOrigenId }: ConsultaActivos,
  cols: ReturnType<typeof sql.raw>,
): Promise<Map<string, Fila[]>> => {
  const porRecurso = new Map<string, Fila[]>();
  if (ids.length === 0) return porRecurso;
  const columna = sql.raw(clase === 'maquina' ? 'b.maquina_id' : 'b.componente_id');
  const lista = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const excluir = excluirOrigenId ? sql`and b.origen_id <> ${excluirOrigenId}` : sql``;
  // Two index walks rather than one OR (which no index serves): the bookings whose days meet the
  // range (GiST on resource + periodo), and the delivered ones already overdue. The union keeps
  // each row once by its id, which every projection carries.
  const filas = await filasJson<Fila>(
    tx,
    sql`select ${cols} from inventario_bloqueos b
        where ${columna} in (${lista}) and b.estado = 'activo'
          and b.periodo && daterange(${desde}::date - ${MAX_PREPARACION + 1}::int,
                 ${hasta}::date + ${MAX_PREPARACION + 2}::int, '[)') ${excluir}
        union
        select ${cols} from inventario_bloqueos b
        where ${columna} in (${lista}) and b.estado = 'activo'
          and b.en_curso and b.hasta < ${hoy}::date ${excluir}
        order by desde, id`,
  );
  for (const fila of filas) {
    const lista = porRecurso.get(fila.recursoId) ?? [];
    lista.push(fila);
    porRecurso.set(fila.recursoId, lista);
  }
  return porRecurso;
};

/** The bloqueos of `leerActivos` whole: what the reservation checks name in their conflicts. */
export const bloqueosActivos = (tx: Executor, consulta: ConsultaActivos) =>
  leerActivos<FilaBloqueo>(tx, consulta, columnas);

/**
 * The same bloqueos with only what R5's count reads (no numbers, labels nor origins): the
 * component picker's least free count over its dates, about half the rows' text.
 */
export const bloqueosParaContarEntre = (tx: Executor, consulta: ConsultaActivos) =>
  leerActivos<BloqueoCantidad & { recursoId: string; id: string }>(tx, consulta, columnasContar);

/**
 * Active bloqueos of these components holding any day from `hoy` to `hasta`, overdue deliveries
 * included, as a derived table `b`: two index walks (GiST on component + periodo, then the overdue
 * ones not already counted) instead of one OR that no index serves.
 */
const vigentesDesdeHoy = (ids: readonly string[], hoy: string, hasta: string) => sql`(
    select * from inventario_bloqueos b
    where b.componente_id in (${uuids(ids)}) and b.estado = 'activo'
      and b.periodo && daterange(${hoy}::date, ${hasta}::date + 1, '[)')
    union all
    select * from inventario_bloqueos b
    where b.componente_id in (${uuids(ids)}) and b.estado = 'activo'
      and b.en_curso and b.hasta < ${hoy}::date
      and not (b.periodo && daterange(${hoy}::date, ${hasta}::date + 1, '[)'))
  ) b`;

/** From hoy to hasta, the columns R5's per-day count reads, by component (no numbers nor labels). */
export const bloqueosParaContar = async (
  tx: Executor,
  ids: readonly string[],
  hoy: string,
  hasta: string,
): Promise<Map<string, BloqueoCantidad[]>> => {
  const porComponente = new Map<string, BloqueoCantidad[]>();
  if (ids.length === 0) return porComponente;
  const filas = await filasJson<BloqueoCantidad & { id: string }>(
    tx,
    sql`select b.componente_id::text as id, b.cantidad, b.desde::text as desde,
          b.hasta::text as hasta, b.dias_preparacion as preparacion, b.en_curso as "enCurso"
        from ${vigentesDesdeHoy(ids, hoy, hasta)}`,
  );
  for (const { id, ...bloqueo } of filas) {
    const lista = porComponente.get(id) ?? [];
    lista.push(bloqueo);
    porComponente.set(id, lista);
  }
  return porComponente;
};

export type BloqueoOcupacion = {
  _id: string;
  recursoId: string;
  origenTipo: 'alquiler' | 'mantenimiento';
  origenId: string;
  numero: string;
  etiqueta: string;
  cantidad: number;
  desde: string;
  hasta: string | null;
  preparacionHasta: string | null;
  estado: 'activo' | 'liberado';
  enCurso: boolean;
  /**
   * Past work whatever its dates: a finished maintenance (§3.2 `finalizado`) or a rental booking
   * a return trimmed (its `albaran_devolucion_id`; annulling the return clears it). Either one's
   * bloqueo ends on the day it ended, so on that day its dates alone read as still to come.
   */
  finalizado: boolean;
};

/** Non-cancelled bloqueos of these resources meeting [desde, hasta] (the ocupación views). */
export const bloqueosEnPeriodo = async (
  tx: Executor,
  clase: 'maquina' | 'componente',
  ids: readonly string[],
  desde: string,
  hasta: string,
  hoy: string,
): Promise<BloqueoOcupacion[]> => {
  if (ids.length === 0) return [];
  const columna = sql.raw(clase === 'maquina' ? 'b.maquina_id' : 'b.componente_id');
  return filasJson<BloqueoOcupacion>(
    tx,
    sql`select b.id as "_id", coalesce(b.maquina_id, b.componente_id)::text as "recursoId",
          b.origen_tipo as "origenTipo", b.origen_id as "origenId",
          coalesce(b.numero, '') as numero, coalesce(b.etiqueta, '') as etiqueta, b.cantidad,
          b.desde::text as desde, b.hasta::text as hasta,
          case when b.dias_preparacion > 0 and b.hasta is not null
            then (b.hasta + b.dias_preparacion)::text end as "preparacionHasta",
          b.estado, b.en_curso as "enCurso",
          case when b.origen_tipo = 'mantenimiento' then exists (select 1
            from maquina_mantenimientos mm
            where mm.id = b.origen_id::uuid and mm.estado = 'finalizado')
            else b.albaran_devolucion_id is not null end as finalizado
        from inventario_bloqueos b
        where ${columna} in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and b.estado = 'activo'
          and (b.periodo && daterange(${desde}::date, ${hasta}::date + 1, '[)')
               or (b.en_curso and b.hasta < ${hoy}::date))
        order by b.desde, b.id`,
  );
};

const uuids = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

export type MaquinaReserva = {
  id: string;
  codigo: string;
  estado: string;
  diasPreparacion: number;
  pesoKg: string;
  /** What its avisos read (R11), in the same statement (not the whole record). */
  anio: MaquinaGuardada['anio'];
  matricula: MaquinaGuardada['matricula'];
  requiereItv: MaquinaGuardada['requiereItv'];
  horasAcumuladas: MaquinaGuardada['horasAcumuladas'];
  revisiones: MaquinaGuardada['revisiones'];
  documentos: MaquinaGuardada['documentos'];
};
export type ComponenteReserva = { id: string; codigo: string; capacidad: number; pesoKg: string };

/** The machines a reservation names, in id order (R6 locks them in that order), with what their avisos read. */
export const leerMaquinasReserva = async (tx: Executor, ids: string[], bloquear: boolean) =>
  ids.length === 0
    ? []
    : (bloquear ? rowsOf<MaquinaReserva> : filasJson<MaquinaReserva>)(
        tx,
        sql`select m.id::text, m.codigo_interno as codigo, m.estado,
              m.dias_preparacion as "diasPreparacion", m.peso_kg::text as "pesoKg", m.anio,
              m.matricula, m.requiere_itv as "requiereItv",
              m.horas_acumuladas::text as "horasAcumuladas", ${REVISIONES_JSON} as revisiones,
              ${DOCUMENTOS_JSON} as documentos
            from maquinas m where m.id in (${uuids(ids)}) order by m.id
            ${bloquear ? sql`for update of m` : sql``}`,
      );

/** The components a reservation names with their capacity (disponible + alquilado, R5). */
export const leerComponentesReserva = async (tx: Executor, ids: string[], bloquear: boolean) =>
  ids.length === 0
    ? []
    : (bloquear ? rowsOf<ComponenteReserva> : filasJson<ComponenteReserva>)(
        tx,
        sql`select c.id::text, c.codigo, (s.disponible + s.alquilado) as capacidad,
              c.peso_kg::text as "pesoKg"
            from andamio_stock s join andamio_componentes c on c.id = s.componente_id
            where s.componente_id in (${uuids(ids)}) order by s.componente_id
            ${bloquear ? sql`for update of s` : sql``}`,
      );

export type NuevoBloqueo = {
  maquinaId?: string | undefined;
  componenteId?: string | undefined;
  cantidad: number;
  desde: string;
  hasta: string | null;
  origenTipo: 'alquiler' | 'mantenimiento';
  origenId: string;
  lineaId?: string | null;
  numero: string;
  etiqueta: string;
  exclusivo: boolean;
  enCurso: boolean;
  /** A rental takes the machine's preparation days at booking time (R4). */
  conPreparacion: boolean;
};

const filaBloqueo = (b: NuevoBloqueo) => sql`(${b.maquinaId ?? null}, ${b.componenteId ?? null},
    ${b.cantidad}, ${b.desde}, ${b.hasta},
    ${
      b.maquinaId && b.conPreparacion
        ? sql`(select dias_preparacion from maquinas where id = ${b.maquinaId})`
        : sql`0`
    },
    ${b.origenTipo}, ${b.origenId}, ${b.lineaId ?? null}, ${b.numero}, ${b.etiqueta},
    ${b.exclusivo}, ${b.enCurso}, ${b.hasta})`;

/**
 * Inserts bloqueos in one statement (a reservation's 15 lines: one round trip, one plan, instead
 * of 15). The exclusion constraint still checks each row, against the others of the statement too.
 */
export const insertBloqueos = async (tx: Executor, bloqueos: readonly NuevoBloqueo[]) => {
  if (bloqueos.length === 0) return;
  await rowsOf(
    tx,
    sql`insert into inventario_bloqueos (maquina_id, componente_id, cantidad, desde, hasta,
          dias_preparacion, origen_tipo, origen_id, linea_id, numero, etiqueta, exclusivo, en_curso,
          hasta_prevista)
        values ${sql.join(bloqueos.map(filaBloqueo), sql`, `)}`,
  );
};

export const insertBloqueo = (tx: Executor, b: NuevoBloqueo) => insertBloqueos(tx, [b]);

/** Releases an origin's active bloqueos; answers `linea:recurso` of those already delivered. */
export const liberarDeOrigen = async (
  tx: Executor,
  origenTipo: string,
  origenId: string,
  { soloNoEntregados }: { soloNoEntregados: boolean },
) =>
  (
    await rowsOf<{ clave: string | null }>(
      tx,
      sql`update inventario_bloqueos set estado = 'liberado'
          where origen_tipo = ${origenTipo} and origen_id = ${origenId} and estado = 'activo'
            ${soloNoEntregados ? sql`and not en_curso` : sql``}
          returning case when en_curso
            then linea_id || ':' || coalesce(maquina_id, componente_id)::text end as clave`,
    )
  )
    .map((row) => row.clave)
    .filter((clave): clave is string => Boolean(clave));

type Pagina = { page: number; limit: number };

/** A page of machines for comercial's calendar (no bajas). */
export const paginaMaquinasOcupacion = async (
  tx: Executor,
  { tipo, q, page, limit }: Pagina & { tipo?: string | undefined; q?: string | undefined },
) => {
  const busqueda = filtroBusqueda(sql.raw('m.busqueda'), q);
  const where = dondeTodos([
    sql`m.estado <> 'baja'`,
    tipo ? sql`m.tipo = ${tipo}` : undefined,
    busqueda,
  ]);
  const [total] = await filasJson<{ total: number }>(
    tx,
    sql`select count(*)::int as total from maquinas m where ${where}`,
  );
  const filas = await filasJson<{
    _id: string;
    codigoInterno: string;
    tipo: string;
    marca: string;
    modelo: string;
    estado: string;
  }>(
    tx,
    sql`select m.id::text as "_id", m.codigo_interno as "codigoInterno", m.tipo, m.marca, m.modelo, m.estado
        from maquinas m where ${where} order by m.codigo_interno
        limit ${limit} offset ${(page - 1) * limit}`,
  );
  return { filas, total: total?.total ?? 0 };
};

/** A page of active components for comercial's calendar, with their capacity. */
export const paginaComponentesOcupacion = async (
  tx: Executor,
  {
    categoria,
    q,
    page,
    limit,
  }: Pagina & { categoria?: string | undefined; q?: string | undefined },
) => {
  const busqueda = filtroBusqueda(sql.raw('c.busqueda'), q);
  const where = dondeTodos([
    sql`c.activo`,
    categoria ? sql`c.categoria = ${categoria}` : undefined,
    busqueda,
  ]);
  const [total] = await filasJson<{ total: number }>(
    tx,
    sql`select count(*)::int as total from andamio_componentes c where ${where}`,
  );
  const filas = await filasJson<{
    _id: string;
    codigo: string;
    nombre: string;
    categoria: string;
    capacidad: number;
  }>(
    tx,
    sql`select c.id::text as "_id", c.codigo, c.nombre, c.categoria, (s.disponible + s.alquilado) as capacidad
        from andamio_componentes c join andamio_stock s on s.componente_id = c.id
        where ${where} order by c.codigo limit ${limit} offset ${(page - 1) * limit}`,
  );
  return { filas, total: total?.total ?? 0 };
};
