import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  like,
  inArray,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { normalizeSearchText, type Direccion } from '@tvsistema/domain/localizacion';
import type { Database, PreparedValue } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { rowsOf } from '../../db/executor.js';
import { escapeLike } from '../../db/like.js';
import { tables as inventarioTables } from '../inventario/index.js';
import { direccionJsonSql } from '../localizacion/index.js';
import { coincideBusqueda, tables as partesTables } from '../partes/index.js';
import {
  alquilerCargos,
  alquileres,
  alquileresTotales,
  alquilerLineas,
  alquilerMovimientos,
  presupuestoLineas,
  presupuestoPlantillas,
  presupuestos,
  presupuestosTotales,
} from './comercial.table.js';

// The only SQL of comercial: quotes, templates, rentals, their lines and movements, and the reads
// of the inventario items and clients the lines and documents name.

const { partes } = partesTables;
const { maquinas, andamioComponentes, conceptos } = inventarioTables;

export type PresupuestoRow = typeof presupuestos.$inferSelect;
export type PresupuestoInsert = typeof presupuestos.$inferInsert;
export type AlquilerRow = typeof alquileres.$inferSelect;
export type AlquilerInsert = typeof alquileres.$inferInsert;
export type LineaRow = typeof presupuestoLineas.$inferSelect;
export type LineaInsert = Omit<typeof presupuestoLineas.$inferInsert, 'presupuestoId'>;
export type AlquilerLineaRow = typeof alquilerLineas.$inferSelect;
export type MovimientoRow = typeof alquilerMovimientos.$inferSelect;
export type MovimientoInsert = typeof alquilerMovimientos.$inferInsert;
export type CargoInsert = typeof alquilerCargos.$inferInsert;
export type CargoRow = typeof alquilerCargos.$inferSelect;
export type PlantillaRow = typeof presupuestoPlantillas.$inferSelect;
export type PlantillaInsert = typeof presupuestoPlantillas.$inferInsert;

const direccionDe = (tabla: string) =>
  sql<Direccion>`${sql.raw(direccionJsonSql(tabla, 'direccionObra'))}`;

// ---- clients and items -------------------------------------------------------------------

export type ClienteRef = {
  _id: string;
  nombre: string;
  documento: string | null;
  activo: boolean;
};

export const findCliente = async (tx: Executor, id: string): Promise<ClienteRef | undefined> => {
  const [row] = await tx
    .select({
      _id: partes.id,
      nombre: partes.nombre,
      documento: partes.documento,
      activo: partes.activo,
    })
    .from(partes)
    .where(and(eq(partes.id, id), eq(partes.tipo, 'cliente'), eq(partes.empresa, 'alquileres')));
  return row;
};

export const buscarClientes = async (tx: Executor, q: string | undefined, limit: number) =>
  rowsOf<{ _id: string; nombre: string; documento: string | null; direccion: Direccion }>(
    tx,
    sql`select p.id as "_id", p.nombre, p.documento, ${sql.raw(direccionJsonSql('p'))} as direccion
        from partes p
        where p.tipo = 'cliente' and p.empresa = 'alquileres' and p.activo
        ${q ? sql`and p.busqueda like ${`%${escapeLike(normalizeSearchText(q))}%`}` : sql``}
        order by p.nombre_busqueda collate "C" limit ${limit}`,
  );

export type MaquinaItem = {
  id: string;
  codigo: string;
  tipo: string;
  marca: string;
  modelo: string;
  numeroSerie: string;
  estado: string;
  tarifaDia: string;
  tarifaSemana: string | null;
  tarifaMes: string | null;
  fianza: string | null;
  horasIncluidasDia: number;
  horaExtra: string | null;
};

export const findMaquinas = async (tx: Executor, ids: string[]): Promise<MaquinaItem[]> =>
  ids.length === 0
    ? []
    : tx
        .select({
          id: maquinas.id,
          codigo: maquinas.codigoInterno,
          tipo: maquinas.tipo,
          marca: maquinas.marca,
          modelo: maquinas.modelo,
          numeroSerie: maquinas.numeroSerie,
          estado: maquinas.estado,
          tarifaDia: maquinas.tarifaDia,
          tarifaSemana: maquinas.tarifaSemana,
          tarifaMes: maquinas.tarifaMes,
          fianza: maquinas.fianza,
          horasIncluidasDia: maquinas.horasIncluidasDia,
          horaExtra: maquinas.horaExtra,
        })
        .from(maquinas)
        .where(inArray(maquinas.id, ids));

/** R12: machines of a type that are not de baja, for the alternatives of a taken one. */
export const maquinasDelTipo = async (tx: Executor, tipo: string, excluir: string[]) =>
  tx
    .select({
      maquinaId: maquinas.id,
      codigoInterno: maquinas.codigoInterno,
      marca: maquinas.marca,
      modelo: maquinas.modelo,
    })
    .from(maquinas)
    .where(
      and(
        eq(maquinas.tipo, tipo),
        ne(maquinas.estado, 'baja'),
        excluir.length > 0 ? sql`${maquinas.id} not in ${excluir}` : undefined,
      ),
    )
    .orderBy(asc(maquinas.codigoInterno))
    .limit(30);

export const findComponentes = async (tx: Executor, ids: string[]) =>
  ids.length === 0
    ? []
    : tx
        .select({
          id: andamioComponentes.id,
          codigo: andamioComponentes.codigo,
          nombre: andamioComponentes.nombre,
          activo: andamioComponentes.activo,
          precioDia: andamioComponentes.precioDia,
          precioSemana: andamioComponentes.precioSemana,
          precioMes: andamioComponentes.precioMes,
        })
        .from(andamioComponentes)
        .where(inArray(andamioComponentes.id, ids));

export const findConceptos = async (tx: Executor, ids: string[]) =>
  ids.length === 0
    ? []
    : tx
        .select({
          id: conceptos.id,
          codigo: conceptos.codigo,
          nombre: conceptos.nombre,
          tipo: conceptos.tipo,
          unidad: conceptos.unidad,
          precio: conceptos.precio,
          tipoIva: conceptos.tipoIva,
          motivoIva0: conceptos.motivoIva0,
          activo: conceptos.activo,
        })
        .from(conceptos)
        .where(inArray(conceptos.id, ids));

// ---- presupuestos ---------------------------------------------------------------------------

export type PresupuestoLeido = {
  row: PresupuestoRow;
  direccion: Direccion;
  clienteNombre: string | null;
  clienteDocumento: string | null;
  alquilerNumero: string | null;
};

const selectPresupuesto = (tx: Executor) =>
  tx
    .select({
      row: presupuestos,
      direccion: direccionDe('presupuestos'),
      clienteNombre: partes.nombre,
      clienteDocumento: partes.documento,
      alquilerNumero: alquileres.numero,
    })
    .from(presupuestos)
    .leftJoin(partes, eq(partes.id, presupuestos.clienteId))
    .leftJoin(alquileres, eq(alquileres.id, presupuestos.alquilerId));

export const findPresupuesto = async (
  tx: Executor,
  id: string,
): Promise<PresupuestoLeido | undefined> => {
  const [row] = await selectPresupuesto(tx).where(eq(presupuestos.id, id));
  return row;
};

export const lockPresupuesto = async (tx: Executor, id: string) => {
  const [row] = await tx
    .select({ id: presupuestos.id })
    .from(presupuestos)
    .where(eq(presupuestos.id, id))
    .for('update');
  return row !== undefined;
};

export const lineasDePresupuesto = (tx: Executor, id: string) =>
  tx
    .select()
    .from(presupuestoLineas)
    .where(eq(presupuestoLineas.presupuestoId, id))
    .orderBy(asc(presupuestoLineas.orden));

export const insertPresupuesto = async (tx: Executor, values: PresupuestoInsert) => {
  const [row] = await tx.insert(presupuestos).values(values).returning({ id: presupuestos.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
};

export const updatePresupuesto = async (
  tx: Executor,
  id: string,
  values: Partial<PresupuestoInsert>,
) => {
  await tx
    .update(presupuestos)
    .set({ ...values, updatedAt: sql`now()`, version: sql`${presupuestos.version} + 1` })
    .where(eq(presupuestos.id, id));
};

export const deletePresupuesto = async (tx: Executor, id: string) => {
  await tx.delete(presupuestos).where(eq(presupuestos.id, id));
};

export const replaceLineasPresupuesto = async (tx: Executor, id: string, lineas: LineaInsert[]) => {
  await tx.delete(presupuestoLineas).where(eq(presupuestoLineas.presupuestoId, id));
  if (lineas.length > 0)
    await tx.insert(presupuestoLineas).values(lineas.map((l) => ({ ...l, presupuestoId: id })));
};

const ordenPresupuestos: Record<string, SQL | unknown> = {
  createdAt: presupuestos.createdAt,
  numero: presupuestos.numero,
  fechaEmision: presupuestos.fechaEmision,
  fechaValidez: presupuestos.fechaValidez,
  cliente: presupuestos.clienteOrden,
  total: presupuestos.total,
};

export type FiltroPresupuestos = {
  searchTerm?: string | undefined;
  estado?: string[] | undefined;
  clienteId?: string | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
};

const wherePresupuestos = (f: FiltroPresupuestos) =>
  and(
    f.searchTerm ? coincideBusqueda(presupuestos, f.searchTerm.toLowerCase()) : undefined,
    f.estado && f.estado.length > 0 ? inArray(presupuestos.estado, f.estado) : undefined,
    f.clienteId ? eq(presupuestos.clienteId, f.clienteId) : undefined,
    f.desde ? gte(presupuestos.fechaEmision, f.desde) : undefined,
    f.hasta ? lte(presupuestos.fechaEmision, f.hasta) : undefined,
  );

export const pageOfPresupuestos = async (
  tx: Executor,
  f: FiltroPresupuestos,
  sort: { field: string; direction: 'asc' | 'desc' },
  page: { offset: number; limit: number } | undefined,
) => {
  const where = wherePresupuestos(f);
  const col = ordenPresupuestos[sort.field] as SQL;
  const base = selectPresupuesto(tx)
    .where(where)
    .orderBy(sort.direction === 'asc' ? asc(col) : desc(col), desc(presupuestos.id));
  const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
  const [total] = await tx.select({ n: count() }).from(presupuestos).where(where);
  return { rows, total: total?.n ?? 0 };
};

/** R13: one idempotent UPDATE; the ids it moved for their history rows. */
export const caducarVencidos = async (tx: Executor, hoy: string) =>
  tx
    .update(presupuestos)
    .set({ estado: 'caducado', updatedAt: sql`now()`, version: sql`${presupuestos.version} + 1` })
    .where(and(eq(presupuestos.estado, 'enviado'), lt(presupuestos.fechaValidez, hoy)))
    .returning({ id: presupuestos.id, numero: presupuestos.numero });

export const usosDePlantilla = async (tx: Executor, plantillaId: string) => {
  const [row] = await tx
    .select({ n: count() })
    .from(presupuestos)
    .where(eq(presupuestos.plantillaId, plantillaId));
  return row?.n ?? 0;
};

// ---- plantillas -----------------------------------------------------------------------------

export const findPlantilla = async (tx: Executor, id: string) => {
  const [row] = await tx
    .select()
    .from(presupuestoPlantillas)
    .where(eq(presupuestoPlantillas.id, id));
  return row;
};

export const lockPlantilla = async (tx: Executor, id: string) => {
  const [row] = await tx
    .select()
    .from(presupuestoPlantillas)
    .where(eq(presupuestoPlantillas.id, id))
    .for('update');
  return row;
};

export const pageOfPlantillas = async (
  tx: Executor,
  f: { searchTerm?: string | undefined; activo?: boolean | undefined },
  page: { offset: number; limit: number },
) => {
  const where = and(
    f.searchTerm
      ? like(presupuestoPlantillas.nombreNormalizado, `%${escapeLike(f.searchTerm.toLowerCase())}%`)
      : undefined,
    f.activo === undefined ? undefined : eq(presupuestoPlantillas.activo, f.activo),
  );
  const rows = await tx
    .select({
      row: presupuestoPlantillas,
      usos: sql<number>`(select count(*)::int from presupuestos p where p.plantilla_id = ${presupuestoPlantillas.id})`,
    })
    .from(presupuestoPlantillas)
    .where(where)
    .orderBy(asc(presupuestoPlantillas.nombreNormalizado))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(presupuestoPlantillas).where(where);
  return { rows, total: total?.n ?? 0 };
};

export const insertPlantilla = async (tx: Executor, values: PlantillaInsert) => {
  const [row] = await tx
    .insert(presupuestoPlantillas)
    .values(values)
    .returning({ id: presupuestoPlantillas.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
};

export const updatePlantilla = async (
  tx: Executor,
  id: string,
  values: Partial<PlantillaInsert>,
) => {
  await tx
    .update(presupuestoPlantillas)
    .set({ ...values, updatedAt: sql`now()`, version: sql`${presupuestoPlantillas.version} + 1` })
    .where(eq(presupuestoPlantillas.id, id));
};

export const deletePlantilla = async (tx: Executor, id: string) => {
  await tx.delete(presupuestoPlantillas).where(eq(presupuestoPlantillas.id, id));
};

// ---- alquileres -----------------------------------------------------------------------------

export type AlquilerLeido = {
  row: AlquilerRow;
  direccion: Direccion;
  clienteNombre: string | null;
  clienteDocumento: string | null;
  presupuestoNumero: string | null;
};

const selectAlquiler = (tx: Executor) =>
  tx
    .select({
      row: alquileres,
      direccion: direccionDe('alquileres'),
      clienteNombre: partes.nombre,
      clienteDocumento: partes.documento,
      presupuestoNumero: presupuestos.numero,
    })
    .from(alquileres)
    .leftJoin(partes, eq(partes.id, alquileres.clienteId))
    .leftJoin(presupuestos, eq(presupuestos.id, alquileres.presupuestoId));

export const findAlquiler = async (
  tx: Executor,
  id: string,
): Promise<AlquilerLeido | undefined> => {
  const [row] = await selectAlquiler(tx).where(eq(alquileres.id, id));
  return row;
};

export const lockAlquiler = async (tx: Executor, id: string) => {
  const [row] = await tx
    .select({ id: alquileres.id })
    .from(alquileres)
    .where(eq(alquileres.id, id))
    .for('update');
  return row !== undefined;
};

export const lineasDeAlquiler = (tx: Executor, id: string) =>
  tx
    .select()
    .from(alquilerLineas)
    .where(eq(alquilerLineas.alquilerId, id))
    .orderBy(asc(alquilerLineas.orden));

export const lineasDeAlquileres = (tx: Executor, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([] as AlquilerLineaRow[])
    : tx
        .select()
        .from(alquilerLineas)
        .where(inArray(alquilerLineas.alquilerId, ids))
        .orderBy(asc(alquilerLineas.alquilerId), asc(alquilerLineas.orden));

export const movimientosDeAlquileres = (tx: Executor, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([] as MovimientoRow[])
    : tx
        .select()
        .from(alquilerMovimientos)
        .where(inArray(alquilerMovimientos.alquilerId, ids))
        .orderBy(asc(alquilerMovimientos.fecha), asc(alquilerMovimientos.createdAt));

export const cargosDeAlquiler = (tx: Executor, id: string) =>
  tx
    .select()
    .from(alquilerCargos)
    .where(eq(alquilerCargos.alquilerId, id))
    .orderBy(asc(alquilerCargos.fecha));

export const insertAlquiler = async (tx: Executor, values: AlquilerInsert) => {
  const [row] = await tx.insert(alquileres).values(values).returning({ id: alquileres.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
};

export const updateAlquiler = async (tx: Executor, id: string, values: Partial<AlquilerInsert>) => {
  await tx
    .update(alquileres)
    .set({ ...values, updatedAt: sql`now()`, version: sql`${alquileres.version} + 1` })
    .where(eq(alquileres.id, id));
};

/** Keeps the lines whose id comes back (updated), deletes the others, inserts the new ones. */
export const guardarLineasAlquiler = async (
  tx: Executor,
  alquilerId: string,
  lineas: (LineaInsert & { lineaPresupuestoId?: string | null })[],
) => {
  const conservar = lineas.map((l) => l.id).filter((id): id is string => Boolean(id));
  const existentes = (
    await tx
      .select({ id: alquilerLineas.id })
      .from(alquilerLineas)
      .where(eq(alquilerLineas.alquilerId, alquilerId))
  ).map((r) => r.id);
  const quitar = existentes.filter((id) => !conservar.includes(id));
  if (quitar.length > 0) await tx.delete(alquilerLineas).where(inArray(alquilerLineas.id, quitar));
  for (const linea of lineas) {
    if (linea.id && existentes.includes(linea.id)) {
      const { id, ...resto } = linea;
      await tx.update(alquilerLineas).set(resto).where(eq(alquilerLineas.id, id));
    } else {
      await tx.insert(alquilerLineas).values({ ...linea, alquilerId });
    }
  }
};

export const insertMovimientos = async (tx: Executor, values: MovimientoInsert[]) => {
  if (values.length > 0) await tx.insert(alquilerMovimientos).values(values);
};

export const insertCargos = async (tx: Executor, values: CargoInsert[]) => {
  if (values.length > 0) await tx.insert(alquilerCargos).values(values);
};

export const firmarMovimientos = async (tx: Executor, alquilerId: string, albaranId: string) => {
  await tx
    .update(alquilerMovimientos)
    .set({ firmado: true })
    .where(
      and(
        eq(alquilerMovimientos.alquilerId, alquilerId),
        eq(alquilerMovimientos.albaranId, albaranId),
      ),
    );
};

export const borrarDeAlbaran = async (tx: Executor, alquilerId: string, albaranId: string) => {
  await tx
    .delete(alquilerMovimientos)
    .where(
      and(
        eq(alquilerMovimientos.alquilerId, alquilerId),
        eq(alquilerMovimientos.albaranId, albaranId),
      ),
    );
  await tx
    .delete(alquilerCargos)
    .where(and(eq(alquilerCargos.alquilerId, alquilerId), eq(alquilerCargos.albaranId, albaranId)));
};

const ordenAlquileres: Record<string, unknown> = {
  fechaInicio: alquileres.fechaInicio,
  numero: alquileres.numero,
  fechaFin: alquileres.fechaFin,
  cliente: alquileres.clienteOrden,
  importeEstimado: alquileres.importeEstimado,
};

export type FiltroAlquileres = {
  searchTerm?: string | undefined;
  estado?: string[] | undefined;
  clienteId?: string | undefined;
  maquinaId?: string | undefined;
  componenteId?: string | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
  /** R17: open rentals with a line past its end and material out (ids computed by the service). */
  ids?: string[] | undefined;
};

const whereAlquileres = (f: FiltroAlquileres) =>
  and(
    f.searchTerm ? coincideBusqueda(alquileres, f.searchTerm.toLowerCase()) : undefined,
    f.estado && f.estado.length > 0 ? inArray(alquileres.estado, f.estado) : undefined,
    f.clienteId ? eq(alquileres.clienteId, f.clienteId) : undefined,
    f.maquinaId
      ? sql`exists (select 1 from alquiler_lineas l where l.alquiler_id = ${alquileres.id} and l.maquina_id = ${f.maquinaId})`
      : undefined,
    f.componenteId
      ? sql`exists (select 1 from alquiler_lineas l where l.alquiler_id = ${alquileres.id} and l.componente_id = ${f.componenteId})`
      : undefined,
    f.desde ? gte(alquileres.fechaFin, f.desde) : undefined,
    f.hasta ? lte(alquileres.fechaInicio, f.hasta) : undefined,
    f.ids ? (f.ids.length === 0 ? sql`false` : inArray(alquileres.id, f.ids)) : undefined,
  );

// ---- the lists (§10): one prepared JSON statement per page ---------------------------------

const dialecto = new PgDialect();

/**
 * A page read as one JSON text on the pool (inventario's `filasJson`, decision 0026): on PGlite
 * every field of every row is otherwise decoded in JavaScript, and every statement parsed and
 * planned. `consulta` numbers its rows `n`, the order they come back in.
 */
const paginaJson = async <Row>(database: Database, consulta: SQL): Promise<Row[]> => {
  const { sql: texto, params } = dialecto.sqlToQuery(
    sql`select coalesce(json_agg(x order by x.n), '[]')::text as j from (${consulta}) x`,
  );
  const [fila] = await database.queryPrepared<{ j: string }>(texto, params as PreparedValue[]);
  return JSON.parse(fila?.j ?? '[]') as Row[];
};

/**
 * The ids of a page in its order (`n`) with the match set's total; every match without a page (the
 * CSV). A search counts with a window over its matches, before LIMIT, so the trigram match runs
 * once (its matches are all read to sort them anyway). Without one the total is a count of its own
 * (one uncorrelated subquery, run once), so the page itself walks a sort's index and stops at
 * LIMIT: a window total reads and sorts every row first (comercial.md §10, 28 November 2026).
 */
const idsDePagina = (
  tabla: typeof alquileres | typeof presupuestos,
  where: SQL | undefined,
  orden: SQL,
  page: { offset: number; limit: number } | undefined,
  { conBusqueda, contadores }: { conBusqueda: boolean; contadores: SQL | undefined },
) => {
  const filtro = where ? sql`where ${where}` : sql``;
  const total =
    page && !conBusqueda
      ? (contadores ?? sql`(select count(*) from ${tabla} ${filtro})`)
      : sql`count(*) over ()`;
  return sql`select ${tabla.id} as id, ${total} as total,
      row_number() over (order by ${orden}) as n
    from ${tabla} ${filtro}
    order by ${orden} ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`;
};

/**
 * The total of a filter by estado only (or none) from the per-estado counters kept by triggers
 * (`presupuestos_totales`, `alquileres_totales`, migration 0035): the match set is not counted,
 * so a page's cost no longer grows with the table. Undefined for any other filter, which counts.
 */
const totalDeContadores = (
  contadores: typeof presupuestosTotales | typeof alquileresTotales,
  estado: readonly string[] | undefined,
  otrosFiltros: readonly unknown[],
) => {
  if (otrosFiltros.some(Boolean)) return undefined;
  const estados =
    estado && estado.length > 0
      ? sql`where ${contadores.estado} in (${sql.join(
          estado.map((e) => sql`${e}`),
          sql`, `,
        )})`
      : sql``;
  return sql`(select coalesce(sum(${contadores.total}), 0) from ${contadores} ${estados})`;
};

/** The total of a page past the end: the counters' when they answer the filter, else a count. */
const contar = async (
  database: Database,
  tabla: typeof alquileres | typeof presupuestos,
  where: SQL | undefined,
  contadores: SQL | undefined,
) => {
  if (contadores) {
    const [fila] = await rowsOf<{ n: number }>(database.db, sql`select ${contadores}::int as n`);
    return Number(fila?.n ?? 0);
  }
  const [fila] = await database.db.select({ n: count() }).from(tabla).where(where);
  return fila?.n ?? 0;
};

/** A page's total: its rows carry it; a page past the end counts apart. */
const totalDe = async (
  filas: readonly { total: number }[],
  page: { offset: number } | undefined,
  contar: () => Promise<number>,
) => {
  if (filas[0]) return filas[0].total;
  return page && page.offset > 0 ? contar() : 0;
};

/** A rental of the list: the summary's columns; lines and movements of an open one only. */
export type FilaResumenAlquiler = {
  id: string;
  total: number;
  version: number;
  numero: string;
  estado: string;
  clienteId: string;
  cliente: string | null;
  documento: string | null;
  obraNombre: string | null;
  municipio: string | null;
  fechaInicio: string;
  fechaFin: string;
  maquinas: number;
  piezas: number;
  importeEstimado: string;
  fianza: string;
  fianzaEstado: string;
  /** As the database writes a timestamptz (what the driver's rows carry). */
  createdAt: string;
  updatedAt: string;
  /** [id, fechaFin] of each line, in order (open rentals; null otherwise or without lines). */
  lineas: [string, string | null][] | null;
  /** [lineaId, tipo, fecha, fechaFinCobro, cantidad] by date and creation (open rentals). */
  movimientos: [string, string, string, string | null, number][] | null;
};

/**
 * GET /api/alquileres, its CSV and the panel's late rentals: one statement for the page (its
 * ids, then each rental's summary with the lines and movements that give an open rental's delay)
 * and the match set's total.
 */
export const paginaResumenAlquileres = async (
  database: Database,
  f: FiltroAlquileres,
  sort: { field: string; direction: 'asc' | 'desc' },
  page: { offset: number; limit: number } | undefined,
  abiertos: readonly string[],
): Promise<{ filas: FilaResumenAlquiler[]; total: number }> => {
  const where = whereAlquileres(f);
  const contadores = totalDeContadores(alquileresTotales, f.estado, [
    f.searchTerm,
    f.clienteId,
    f.maquinaId,
    f.componenteId,
    f.desde,
    f.hasta,
    f.ids,
  ]);
  const orden = sql`${ordenAlquileres[sort.field] as SQL} ${sql.raw(sort.direction)}, ${alquileres.numero} desc`;
  const abierto = sql`a.estado in (${sql.join(
    abiertos.map((e) => sql`${e}`),
    sql`, `,
  )})`;
  const filas = await paginaJson<FilaResumenAlquiler>(
    database,
    sql`select pg.n, pg.total::int as total, a.id, a.version, a.numero, a.estado,
          a.cliente_id as "clienteId", p.nombre as cliente, p.documento,
          a.obra_nombre as "obraNombre",
          (select m.nombre from municipios m where m.id = a.direccion_obra_municipio_id)
            as municipio,
          a.fecha_inicio::text as "fechaInicio", a.fecha_fin::text as "fechaFin",
          l.maquinas, l.piezas, a.importe_estimado::text as "importeEstimado",
          a.fianza_importe::text as fianza, a.fianza_estado as "fianzaEstado",
          a.created_at::text as "createdAt", a.updated_at::text as "updatedAt",
          case when ${abierto} then l.lineas end as lineas,
          case when ${abierto} then (
            select json_agg(json_build_array(m.linea_id, m.tipo, m.fecha::text,
                     m.fecha_fin_cobro::text, m.cantidad) order by m.fecha, m.created_at)
            from alquiler_movimientos m where m.alquiler_id = a.id) end as movimientos
        from (${idsDePagina(alquileres, where, orden, page, {
          conBusqueda: Boolean(f.searchTerm),
          contadores,
        })}) pg
        join alquileres a on a.id = pg.id
        left join partes p on p.id = a.cliente_id
        cross join lateral (
          select count(*) filter (where l.clase = 'maquina')::int as maquinas,
                 coalesce(sum(l.cantidad) filter (where l.clase = 'andamio'), 0)::int as piezas,
                 json_agg(json_build_array(l.id, l.fecha_fin::text) order by l.orden) as lineas
          from alquiler_lineas l where l.alquiler_id = a.id) l`,
  );
  const total = await totalDe(filas, page, () => contar(database, alquileres, where, contadores));
  return { filas, total };
};

type CampoPresupuesto =
  | 'id'
  | 'version'
  | 'createdAt'
  | 'updatedAt'
  | 'createdBySub'
  | 'createdByEmail'
  | 'updatedBySub'
  | 'updatedByEmail'
  | 'numero'
  | 'revision'
  | 'estado'
  | 'clienteId'
  | 'clienteProvisional'
  | 'contacto'
  | 'obraNombre'
  | 'fechaInicio'
  | 'fechaFin'
  | 'fechaEmision'
  | 'fechaValidez'
  | 'fechaRechazo'
  | 'facturacion'
  | 'fianza'
  | 'condiciones'
  | 'observaciones'
  | 'observacionesInternas'
  | 'plantillaId'
  | 'alquilerId'
  | 'motivoRechazo';

/** What a quote's answer is built from (the record and the list alike). */
export type PresupuestoParaRespuesta = Omit<PresupuestoLeido, 'row'> & {
  row: Pick<PresupuestoRow, CampoPresupuesto>;
};

/** A row of GET /api/presupuestos as the database builds it (`paginaResumenPresupuestos`). */
export type FilaResumenPresupuesto = {
  n: number;
  total: number;
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  numero: string | null;
  revision: number;
  estado: string;
  clienteId: string | null;
  cliente: string | null;
  documento: string | null;
  clienteProvisional: Record<string, string> | null;
  obraNombre: string | null;
  fechaInicio: string;
  fechaFin: string;
  fechaEmision: string | null;
  fechaValidez: string;
  alquilerId: string | null;
  alquilerNumero: string | null;
  base: string;
  iva: string;
  importe: string;
};

/**
 * GET /api/presupuestos: one statement for the page (its ids, then each quote's list columns with
 * its client and rental number) and the match set's total. The list shows the totals the quote
 * stores when its lines are saved, so no line is read or priced again (comercial.md §10).
 */
export const paginaResumenPresupuestos = async (
  database: Database,
  f: FiltroPresupuestos,
  sort: { field: string; direction: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<{ filas: FilaResumenPresupuesto[]; total: number }> => {
  const where = wherePresupuestos(f);
  const contadores = totalDeContadores(presupuestosTotales, f.estado, [
    f.searchTerm,
    f.clienteId,
    f.desde,
    f.hasta,
  ]);
  const orden = sql`${ordenPresupuestos[sort.field] as SQL} ${sql.raw(sort.direction)}, ${presupuestos.id} desc`;
  const filas = await paginaJson<FilaResumenPresupuesto>(
    database,
    sql`select pg.n, pg.total::int as total, q.id, q.version,
          q.created_at as "createdAt", q.updated_at as "updatedAt",
          q.numero, q.revision, q.estado, q.cliente_id as "clienteId",
          p.nombre as cliente, p.documento, q.cliente_provisional as "clienteProvisional",
          q.obra_nombre as "obraNombre",
          q.fecha_inicio::text as "fechaInicio", q.fecha_fin::text as "fechaFin",
          q.fecha_emision::text as "fechaEmision", q.fecha_validez::text as "fechaValidez",
          q.alquiler_id as "alquilerId", a.numero as "alquilerNumero",
          q.base::text as base, q.iva::text as iva, q.total::text as importe
        from (${idsDePagina(presupuestos, where, orden, page, {
          conBusqueda: Boolean(f.searchTerm),
          contadores,
        })}) pg
        join presupuestos q on q.id = pg.id
        left join partes p on p.id = q.cliente_id
        left join alquileres a on a.id = q.alquiler_id`,
  );
  const total = await totalDe(filas, page, () => contar(database, presupuestos, where, contadores));
  return { filas, total };
};

/** R17 candidates: open rentals with a line whose end has passed. */
export const abiertosConFinPasado = async (tx: Executor, hoy: string) =>
  tx
    .selectDistinct({ id: alquileres.id })
    .from(alquileres)
    .innerJoin(alquilerLineas, eq(alquilerLineas.alquilerId, alquileres.id))
    .where(
      and(
        inArray(alquileres.estado, ['en_curso', 'devuelto_parcial', 'reservado']),
        lt(alquilerLineas.fechaFin, hoy),
      ),
    );

/** finanzas' `pendientes`: the open or finished rentals of an empresa with their client. */
/**
 * R19 `pendientes(hasta)`, the database's part: the rentals of the empresa that may still have a
 * period to bill, oldest first. A rental is left out only when its lots (R18, rebuilt by the API
 * from the same movements) cannot give one: no entrega on its billable lines (its material, or
 * every line when it has none), a first entrega after `hasta` or billed up to `hasta` (billed
 * monthly), or every unit back (no recogida asking for more than was delivered by its day, as
 * many back as delivered) with its last movement day billed or before `desde`. What is billed is
 * finanzas' record `facturacion_origenes_v` (a draft reserves its periods).
 */
export const alquileresFacturables = (
  tx: Executor,
  f: {
    empresa: string;
    hasta: string;
    clienteId?: string | undefined;
    desde?: string | undefined;
  },
) => {
  const candidatos = sql`
    with m as (
      select m.alquiler_id, m.linea_id, m.tipo, m.fecha,
             greatest(m.fecha, coalesce(m.fecha_fin_cobro, m.fecha)) as ultimo,
             sum(case when m.tipo = 'entrega' then m.cantidad else 0 end) over w as entregadas,
             sum(case when m.tipo = 'recogida' then m.cantidad else 0 end) over w as devueltas
      from alquiler_movimientos m
      join alquileres a on a.id = m.alquiler_id
      where a.empresa = ${f.empresa}
        and a.estado in ('en_curso', 'devuelto_parcial', 'finalizado', 'reservado')
        and (a.facturacion <> 'al_finalizar' or a.estado = 'finalizado')
        ${f.clienteId ? sql`and a.cliente_id = ${f.clienteId}::uuid` : sql``}
        -- The line's clase by its key, one lookup per movement (every movement has its line):
        -- as a join, the planner hashed every line of every rental (the ten years' lines).
        and ((select l.clase from alquiler_lineas l where l.id = m.linea_id) <> 'concepto'
             or not exists (select 1 from alquiler_lineas x
                            where x.alquiler_id = m.alquiler_id and x.clase <> 'concepto'))
      window w as (partition by m.alquiler_id, m.linea_id order by m.fecha)
    ),
    lineas as (
      select alquiler_id, min(fecha) filter (where tipo = 'entrega') as primera,
             max(ultimo) as ultimo,
             bool_and(tipo <> 'recogida' or devueltas <= entregadas)
               and max(devueltas) >= max(entregadas) as devuelta
      from m group by alquiler_id, linea_id
    ),
    r as (
      select alquiler_id, min(primera) as primera, max(ultimo) as ultimo,
             bool_and(devuelta) as devuelto
      from lineas group by alquiler_id
    )
    select r.alquiler_id from r
    join alquileres a on a.id = r.alquiler_id
    left join lateral (
      select max(v.hasta) as hasta from facturacion_origenes_v v
      where v.origen_tipo = 'alquiler' and v.origen_id = r.alquiler_id
    ) facturado on true
    where r.primera is not null
      and (a.facturacion = 'al_finalizar'
           or (r.primera <= ${f.hasta}::date
               and (facturado.hasta is null or facturado.hasta < ${f.hasta}::date)))
      and not (r.devuelto and facturado.hasta is not null and facturado.hasta >= r.ultimo)
      ${f.desde ? sql`and not (r.devuelto and ${f.desde}::date > r.ultimo)` : sql``}`;
  // The query itself (awaited, its rows): the benchmark explains it.
  return tx
    .select({ row: alquileres })
    .from(alquileres)
    .where(sql`${alquileres.id} in (${candidatos})`)
    .orderBy(asc(alquileres.fechaInicio), asc(alquileres.numero));
};

/** The cargos of some rentals (R19's source bills them with the period). */
export const cargosDeAlquileres = (tx: Executor, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([] as CargoRow[])
    : tx
        .select()
        .from(alquilerCargos)
        .where(inArray(alquilerCargos.alquilerId, ids))
        .orderBy(asc(alquilerCargos.fecha));

/** The agenda: lines starting or ending in the window. */
export const alquileresEnVentana = async (tx: Executor, desde: string, hasta: string) =>
  tx
    .select({ row: alquileres, cliente: partes.nombre })
    .from(alquileres)
    .leftJoin(partes, eq(partes.id, alquileres.clienteId))
    .where(
      and(
        inArray(alquileres.estado, ['reservado', 'en_curso', 'devuelto_parcial']),
        or(
          and(gte(alquileres.fechaInicio, desde), lte(alquileres.fechaInicio, hasta)),
          and(gte(alquileres.fechaFin, desde), lte(alquileres.fechaFin, hasta)),
        ),
      ),
    )
    .orderBy(asc(alquileres.fechaInicio))
    .limit(100);

// ---- demo world -----------------------------------------------------------------------------

/** Whether the comercial part of the demo world is there (the seed runs once). */
export const hayComercial = async (tx: Executor) => {
  const [row] = await tx.select({ n: count() }).from(presupuestos);
  const [otra] = await tx.select({ n: count() }).from(alquileres);
  return (row?.n ?? 0) + (otra?.n ?? 0) > 0;
};

/** The demo's clients by name, and its items by code. */
export const idsDemo = async (tx: Executor) => {
  const clientes = await tx
    .select({ id: partes.id, nombre: partes.nombre })
    .from(partes)
    .where(and(eq(partes.tipo, 'cliente'), eq(partes.empresa, 'alquileres')));
  const maq = await tx.select({ id: maquinas.id, codigo: maquinas.codigoInterno }).from(maquinas);
  const com = await tx
    .select({ id: andamioComponentes.id, codigo: andamioComponentes.codigo })
    .from(andamioComponentes);
  const con = await tx.select({ id: conceptos.id, codigo: conceptos.codigo }).from(conceptos);
  return {
    cliente: new Map(clientes.map((c) => [c.nombre, c.id])),
    maquina: new Map(maq.map((m) => [m.codigo, m.id])),
    componente: new Map(com.map((c) => [c.codigo, c.id])),
    concepto: new Map(con.map((c) => [c.codigo, c.id])),
  };
};

/** The n-th rental by number (the demo world's A-0000n), if any. */
export const alquilerIdPorOrden = async (tx: Executor, n: number): Promise<string | undefined> =>
  (
    await tx
      .select({ id: alquileres.id })
      .from(alquileres)
      .orderBy(asc(alquileres.numero))
      .offset(n - 1)
      .limit(1)
  )[0]?.id;

/** The calendar's bars (§5): each rental's state, for its colour. */
export const estadosDeAlquileres = async (
  tx: Executor,
  ids: string[],
): Promise<Map<string, string>> =>
  ids.length === 0
    ? new Map()
    : new Map(
        (
          await tx
            .select({ id: alquileres.id, estado: alquileres.estado })
            .from(alquileres)
            .where(inArray(alquileres.id, ids))
        ).map((r) => [r.id, r.estado]),
      );
