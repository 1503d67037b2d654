import { eq, sql, type SQL } from 'drizzle-orm';
import { sumarDias } from '@tvsistema/domain/fechas';
import {
  libresMinimos,
  parseComponenteSort,
  type Componente,
  type ComponenteListQuery,
  type ComponenteSortField,
  type Movimiento,
} from '@tvsistema/domain/inventario';
import { pageMetaOf } from '@tvsistema/domain/lists';
import { rowsOf, type Executor } from '../../db/executor.js';
import { bloqueosParaContar } from './bloqueos.repository.js';
import { auditoriaJson, dondeTodos, filtroBusqueda, isoSql, ordenPor } from './comun.repository.js';
import { andamioComponentes, andamioStock } from './inventario.table.js';
import { idValido } from './inventario-comun.js';
import { filasJson } from './lectura.repository.js';

// How a component is read (§2.6): the stored part and its counts in one statement; the next
// year's overbooking (R6) from the ledger through the domain's sweep.

const json = sql.raw(`jsonb_build_object(${auditoriaJson('c')},
  'codigo', c.codigo, 'nombre', c.nombre, 'categoria', c.categoria, 'sistema', c.sistema,
  'fabricante', c.fabricante, 'referenciaFabricante', c.referencia_fabricante, 'norma', c.norma,
  'dimensiones', c.dimensiones, 'pesoKg', c.peso_kg::text,
  'precios', jsonb_build_object('dia', c.precio_dia::text, 'semana', c.precio_semana::text,
    'mes', c.precio_mes::text, 'reposicion', c.precio_reposicion::text,
    'venta', c.precio_venta::text),
  'stockMinimo', c.stock_minimo, 'activo', c.activo, 'observaciones', c.observaciones,
  'stock', jsonb_build_object('disponible', s.disponible, 'alquilado', s.alquilado,
    'enReparacion', s.en_reparacion, 'baja', s.baja, 'vendido', s.vendido,
    'propiedad', s.disponible + s.alquilado + s.en_reparacion),
  'pesoPropiedadKg', (c.peso_kg * (s.disponible + s.alquilado + s.en_reparacion))::numeric(14,3)::text,
  'bajoMinimo', s.disponible < c.stock_minimo)`);

const FROM = sql.raw('andamio_componentes c join andamio_stock s on s.componente_id = c.id');

type ComponenteGuardado = Omit<Componente, 'sobrerreserva'>;

/** R6: the first day of the next 366 where bookings exceed what the company holds. */
const conSobrerreserva = async (
  tx: Executor,
  componentes: ComponenteGuardado[],
  hoy: string,
): Promise<Componente[]> => {
  const hasta = sumarDias(hoy, 365);
  const bloqueos = await bloqueosParaContar(
    tx,
    componentes.map((c) => c._id),
    hoy,
    hasta,
  );
  return componentes.map((componente) => {
    const propios = bloqueos.get(componente._id);
    if (!propios) return { ...componente, sobrerreserva: null };
    const { libresMin, fechaLimitante } = libresMinimos({
      capacidad: componente.stock.disponible + componente.stock.alquilado,
      desde: hoy,
      hasta,
      hoy,
      bloqueos: propios,
    });
    return {
      ...componente,
      sobrerreserva: libresMin < 0 ? { fecha: fechaLimitante, faltan: -libresMin } : null,
    };
  });
};

export const findComponente = async (executor: Executor, id: string, hoy: string) => {
  if (!idValido(id)) return undefined;
  const [row] = await filasJson<{ r: ComponenteGuardado }>(
    executor,
    sql`select ${json} as r from ${FROM} where c.id = ${id}::uuid`,
  );
  return row ? (await conSobrerreserva(executor, [row.r], hoy))[0] : undefined;
};

const ORDEN: Readonly<Record<ComponenteSortField, string>> = {
  codigo: 'c.codigo',
  nombre: 'lower(c.nombre)',
  categoria: 'c.categoria',
  disponible: 's.disponible',
  pesoKg: 'c.peso_kg',
  precioDia: 'c.precio_dia',
  updatedAt: 'c.updated_at',
};

const filtros = (query: Omit<ComponenteListQuery, 'page' | 'limit'>): SQL =>
  dondeTodos([
    filtroBusqueda(sql.raw('c.busqueda'), query.searchTerm),
    query.categoria ? sql`c.categoria = ${query.categoria}` : undefined,
    query.sistema ? sql`lower(c.sistema) = lower(${query.sistema})` : undefined,
    query.activo === undefined ? undefined : sql`c.activo = ${query.activo}`,
    query.bajoMinimo === undefined
      ? undefined
      : query.bajoMinimo
        ? sql`s.disponible < c.stock_minimo`
        : sql`s.disponible >= c.stock_minimo`,
  ]);

/** A page of components; the overbooking filter reads the filter's rows whole and pages here. */
export const listComponentes = async (
  executor: Executor,
  query: Omit<ComponenteListQuery, 'page' | 'limit'> & { page?: number; limit?: number },
  hoy: string,
  opciones: { sinSobrerreserva?: boolean } = {},
) => {
  const { field, direction } = parseComponenteSort(query.sort) ?? {
    field: 'codigo' as const,
    direction: 'asc' as const,
  };
  const where = filtros(query);
  const orderBy = ordenPor(sql.raw(ORDEN[field]), direction, sql.raw('c.id'));
  // Pickers ask for the counts only: R6's sweep is for the list and the detail.
  const completar = (guardados: ComponenteGuardado[]) =>
    opciones.sinSobrerreserva && query.sobrerreserva === undefined
      ? guardados.map((c) => ({ ...c, sobrerreserva: null }))
      : conSobrerreserva(executor, guardados, hoy);
  const leer = async () =>
    completar(
      (
        await filasJson<{ r: ComponenteGuardado }>(
          executor,
          sql`select ${json} as r from ${FROM} where ${where} order by ${orderBy}`,
        )
      ).map((row) => row.r),
    );
  if (query.page === undefined || query.limit === undefined) {
    const todos = await leer();
    return {
      data:
        query.sobrerreserva === undefined
          ? todos
          : todos.filter((c) => (c.sobrerreserva !== null) === query.sobrerreserva),
      meta: pageMetaOf(1, todos.length || 1, todos.length),
    };
  }
  const offset = (query.page - 1) * query.limit;
  if (query.sobrerreserva !== undefined) {
    const todos = (await leer()).filter((c) => (c.sobrerreserva !== null) === query.sobrerreserva);
    return {
      data: todos.slice(offset, offset + query.limit),
      meta: pageMetaOf(query.page, query.limit, todos.length),
    };
  }
  // The page's ids with the match set's total (one statement, as the machine list), then the JSON
  // of those components only; a page past the end counts apart.
  const filas = await filasJson<{ r: ComponenteGuardado; total: number }>(
    executor,
    sql`select ${json} as r, pagina.total
        from (select c.id, count(*) over ()::int as total from ${FROM} where ${where}
              order by ${orderBy} limit ${query.limit} offset ${offset}) pagina
        join ${FROM} on c.id = pagina.id
        order by ${orderBy}`,
  );
  const total =
    filas[0]?.total ??
    (offset === 0
      ? 0
      : ((
          await filasJson<{ total: number }>(
            executor,
            sql`select count(*)::int as total from ${FROM} where ${where}`,
          )
        )[0]?.total ?? 0));
  return {
    data: await completar(filas.map((fila) => fila.r)),
    meta: pageMetaOf(query.page, query.limit, total),
  };
};

export type OpcionComponente = {
  _id: string;
  codigo: string;
  nombre: string;
  categoria: Componente['categoria'];
  pesoKg: string;
  precios: { dia: string; semana: string | null; mes: string | null; reposicion: string | null };
  capacidad: number;
};

/**
 * The pickers' page of active components (code order): only what a picker shows, with no total
 * and no R6 sweep (listComponentes builds the whole record for each).
 */
export const opcionesComponentes = (
  executor: Executor,
  query: {
    q?: string | undefined;
    categoria?: ComponenteListQuery['categoria'];
    limit: number;
  },
) => {
  const where = filtros({
    searchTerm: query.q,
    categoria: query.categoria,
    activo: true,
    sistema: undefined,
    bajoMinimo: undefined,
    sobrerreserva: undefined,
    sort: undefined,
  });
  return filasJson<OpcionComponente>(
    executor,
    sql`select c.id::text as "_id", c.codigo, c.nombre, c.categoria, c.peso_kg::text as "pesoKg",
          json_build_object('dia', c.precio_dia::text, 'semana', c.precio_semana::text,
            'mes', c.precio_mes::text, 'reposicion', c.precio_reposicion::text) as precios,
          s.disponible + s.alquilado as capacidad
        from ${FROM}
        where ${where} order by ${ordenPor(sql.raw(ORDEN.codigo), 'asc', sql.raw('c.id'))}
        limit ${query.limit}`,
  );
};

export const resumenAndamios = async (executor: Executor) => {
  const [fila] = await rowsOf<{
    piezasPropiedad: number;
    disponibles: number;
    alquiladas: number;
    enReparacion: number;
    pesoAlquiladoKg: string;
  }>(
    executor,
    sql`select coalesce(sum(s.disponible + s.alquilado + s.en_reparacion), 0)::int as "piezasPropiedad",
          coalesce(sum(s.disponible), 0)::int as disponibles,
          coalesce(sum(s.alquilado), 0)::int as alquiladas,
          coalesce(sum(s.en_reparacion), 0)::int as "enReparacion",
          coalesce(sum(s.alquilado * c.peso_kg), 0)::numeric(14,3)::text as "pesoAlquiladoKg"
        from ${FROM} where c.activo`,
  );
  return (
    fila ?? {
      piezasPropiedad: 0,
      disponibles: 0,
      alquiladas: 0,
      enReparacion: 0,
      pesoAlquiladoKg: '0.000',
    }
  );
};

export type ComponenteFila = typeof andamioComponentes.$inferInsert;

const movimientoJson = sql.raw(`jsonb_build_object('_id', m.id, 'componenteId', m.componente_id,
  'tipo', m.tipo, 'cantidad', m.cantidad, 'de', m.de, 'a', m.a, 'fecha', m.fecha,
  'referencia', case when m.referencia_tipo is null then null else jsonb_build_object(
    'tipo', m.referencia_tipo, 'id', m.referencia_id, 'numero', m.referencia_numero) end,
  'motivo', m.motivo, 'usuario', m.usuario, 'createdAt', ${isoSql('m.registrado_en')})`);

export const lockComponente = (tx: Executor, id: string) =>
  rowsOf(tx, sql`select id from andamio_componentes where id = ${id} for update`);

/** A new component with its (empty) counts. */
export const insertComponente = async (tx: Executor, fila: ComponenteFila) => {
  const [row] = await tx
    .insert(andamioComponentes)
    .values(fila)
    .returning({ id: andamioComponentes.id });
  const id = row?.id ?? '';
  await tx.insert(andamioStock).values({ componenteId: id });
  return id;
};

export const updateComponente = (tx: Executor, id: string, fila: Partial<ComponenteFila>) =>
  tx
    .update(andamioComponentes)
    .set({ ...fila, updatedAt: sql`now()`, version: sql`${andamioComponentes.version} + 1` })
    .where(eq(andamioComponentes.id, id));

export const deleteComponente = (tx: Executor, id: string) =>
  tx.delete(andamioComponentes).where(eq(andamioComponentes.id, id));

/** R15: its bookings and its movements other than the initial stock. */
export const usoComponente = async (tx: Executor, id: string) => {
  const [uso] = await rowsOf<{ reservas: number; movimientos: number }>(
    tx,
    sql`select
        (select count(*)::int from inventario_bloqueos where componente_id = ${id}) as reservas,
        (select count(*)::int from andamio_movimientos where componente_id = ${id}
           and not (tipo = 'alta' and motivo = 'Stock inicial')) as movimientos`,
  );
  return uso ?? { reservas: 0, movimientos: 0 };
};

export const findMovimiento = async (executor: Executor, id: string) => {
  const [row] = await rowsOf<{ r: Movimiento }>(
    executor,
    sql`select ${movimientoJson} as r from andamio_movimientos m where m.id = ${id}`,
  );
  return row?.r ?? null;
};

/**
 * A page of a component's movements, newest first (index on component, fecha, orden); undefined
 * when the component does not exist.
 */
export const pageOfMovimientos = async (
  executor: Executor,
  id: string,
  query: {
    page: number;
    limit: number;
    tipo?: string | undefined;
    desde?: string | undefined;
    hasta?: string | undefined;
  },
) => {
  const where = dondeTodos([
    sql`m.componente_id = ${id}`,
    query.tipo ? sql`m.tipo = ${query.tipo}` : undefined,
    query.desde ? sql`m.fecha >= ${query.desde}` : undefined,
    query.hasta ? sql`m.fecha <= ${query.hasta}` : undefined,
  ]);
  // Unfiltered, the total is the component's counter (migration 0019's trigger keeps it); a
  // filter counts its rows. One statement answers the total and the page.
  const filtrado = Boolean(query.tipo || query.desde || query.hasta);
  const total = filtrado
    ? sql`(select count(*)::int from andamio_movimientos m where ${where})`
    : sql`(select s.movimientos from andamio_stock s where s.componente_id = ${id}::uuid)`;
  // The page's ids first, then the JSON of those rows only: a projection above the offset would
  // build (and discard) the JSON of every skipped row (page 50 cost 7.8 ms instead of ~1).
  // The same statement says whether the component exists (a 404 reads nothing else).
  const [fila] = await filasJson<{ existe: boolean; total: number | null; data: Movimiento[] }>(
    executor,
    sql`select exists (select 1 from andamio_componentes c where c.id = ${id}::uuid) as existe,
          ${total} as total, (select coalesce(json_agg(p.r), '[]'::json) from (
          select ${movimientoJson} as r
          from (select m.id from andamio_movimientos m where ${where}
                order by m.componente_id, m.fecha desc, m.orden desc
                limit ${query.limit} offset ${(query.page - 1) * query.limit}) pagina
          join andamio_movimientos m on m.id = pagina.id
          order by m.componente_id, m.fecha desc, m.orden desc) p) as data`,
  );
  if (!fila?.existe) return undefined;
  return {
    data: fila.data,
    meta: pageMetaOf(query.page, query.limit, fila.total ?? 0),
  };
};
