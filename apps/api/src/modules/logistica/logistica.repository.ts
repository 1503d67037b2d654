import { and, asc, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { rowsOf } from '../../db/executor.js';
import { escapeLike } from '../../db/like.js';
import { tables as partesTables } from '../partes/index.js';
import {
  albaranAsignaciones,
  albaranes,
  albaranesTotales,
  albaranFirmas,
  albaranLineas,
  albaranLotes,
} from './logistica.table.js';

// The only SQL of logística: albaranes, their lines, lotes, assignments and signatures.

const { partes } = partesTables;

export type AlbaranRow = typeof albaranes.$inferSelect;
export type AlbaranInsert = typeof albaranes.$inferInsert;
export type LineaRow = typeof albaranLineas.$inferSelect;
export type LineaInsert = Omit<typeof albaranLineas.$inferInsert, 'albaranId'>;
export type LoteRow = typeof albaranLotes.$inferSelect;

export const findParte = async (
  tx: Executor,
  id: string,
  tipo: 'cliente' | 'proveedor',
  empresa: 'alquileres' | 'transporte',
) => {
  const [row] = await tx
    .select({
      _id: partes.id,
      nombre: partes.nombre,
      documento: partes.documento,
      activo: partes.activo,
    })
    .from(partes)
    .where(and(eq(partes.id, id), eq(partes.tipo, tipo), eq(partes.empresa, empresa)));
  return row;
};

export const findAlbaran = async (tx: Executor, id: string, { lock = false } = {}) => {
  const q = tx.select().from(albaranes).where(eq(albaranes.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
};

export const insertAlbaran = async (tx: Executor, values: AlbaranInsert) => {
  const [row] = await tx.insert(albaranes).values(values).returning();
  return row as AlbaranRow;
};

export const updateAlbaran = async (tx: Executor, id: string, values: Partial<AlbaranInsert>) => {
  const [row] = await tx
    .update(albaranes)
    .set({ ...values, updatedAt: new Date(), version: sql`${albaranes.version} + 1` })
    .where(eq(albaranes.id, id))
    .returning();
  return row as AlbaranRow;
};

export const deleteAlbaran = (tx: Executor, id: string) =>
  tx.delete(albaranes).where(eq(albaranes.id, id));

export const lineasDe = (tx: Executor, albaranId: string) =>
  tx
    .select()
    .from(albaranLineas)
    .where(eq(albaranLineas.albaranId, albaranId))
    .orderBy(asc(albaranLineas.orden));

export const reemplazarLineas = async (tx: Executor, albaranId: string, lineas: LineaInsert[]) => {
  await tx.delete(albaranLineas).where(eq(albaranLineas.albaranId, albaranId));
  if (lineas.length === 0) return [];
  return tx
    .insert(albaranLineas)
    .values(lineas.map((l) => ({ ...l, albaranId })))
    .returning();
};

export const updateLinea = (tx: Executor, id: string, values: Partial<LineaInsert>) =>
  tx.update(albaranLineas).set(values).where(eq(albaranLineas.id, id));

/** R15: a live albarán of the client with that reference, other than `exceptoId`. */
export const findPorReferencia = async (
  tx: Executor,
  empresa: string,
  clienteId: string,
  referencia: string,
  exceptoId?: string,
) => {
  const [row] = await tx
    .select({ id: albaranes.id, numero: albaranes.numero })
    .from(albaranes)
    .where(
      and(
        eq(albaranes.empresa, empresa),
        eq(albaranes.clienteId, clienteId),
        eq(albaranes.referenciaExterna, referencia),
        ne(albaranes.estado, 'anulado'),
        exceptoId ? ne(albaranes.id, exceptoId) : sql`true`,
      ),
    );
  return row;
};

// ---- lotes (§2.2) --------------------------------------------------------------------------

export type LoteSaldoRow = LoteRow & { numero: string };

/** The alquiler's lotes with something on site, oldest first, locked when asked. */
export const lotesConSaldo = async (tx: Executor, alquilerId: string, { lock = false } = {}) => {
  const q = tx
    .select({ lote: albaranLotes, numero: albaranes.numero })
    .from(albaranLotes)
    .innerJoin(albaranes, eq(albaranes.id, albaranLotes.entregaId))
    .where(
      and(
        eq(albaranLotes.alquilerId, alquilerId),
        gt(albaranLotes.pendiente, 0),
        ne(albaranes.estado, 'anulado'),
      ),
    )
    .orderBy(asc(albaranLotes.fecha), asc(albaranLotes.id));
  const rows = lock ? await q.for('update', { of: albaranLotes }) : await q;
  return rows.map((r) => ({ ...r.lote, numero: r.numero ?? '' }));
};

/** Units delivered so far per article by the alquiler's live entregas. */
export const entregadoPorArticulo = async (tx: Executor, alquilerId: string) => {
  const rows = await tx
    .select({
      articuloId: albaranLotes.articuloId,
      total: sql<number>`sum(${albaranLotes.cantidad})::int`,
    })
    .from(albaranLotes)
    .innerJoin(albaranes, eq(albaranes.id, albaranLotes.entregaId))
    .where(and(eq(albaranLotes.alquilerId, alquilerId), ne(albaranes.estado, 'anulado')))
    .groupBy(albaranLotes.articuloId);
  return new Map(rows.map((r) => [r.articuloId, Number(r.total)]));
};

export const insertLotes = async (tx: Executor, lotes: (typeof albaranLotes.$inferInsert)[]) => {
  if (lotes.length > 0) await tx.insert(albaranLotes).values(lotes);
};

export const sumarPendiente = (tx: Executor, loteId: string, delta: number) =>
  tx
    .update(albaranLotes)
    .set({ pendiente: sql`${albaranLotes.pendiente} + ${delta}` })
    .where(eq(albaranLotes.id, loteId));

export const vaciarLotesDeEntrega = (tx: Executor, entregaId: string) =>
  tx.update(albaranLotes).set({ pendiente: 0 }).where(eq(albaranLotes.entregaId, entregaId));

export const insertAsignaciones = async (
  tx: Executor,
  rows: (typeof albaranAsignaciones.$inferInsert)[],
) => {
  if (rows.length > 0) await tx.insert(albaranAsignaciones).values(rows);
};

/** The assignments of a recogida's lines, with the entrega each lote came from. */
export const asignacionesDe = (tx: Executor, lineaIds: string[]) =>
  lineaIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({
          recogidaLineaId: albaranAsignaciones.recogidaLineaId,
          loteId: albaranAsignaciones.loteId,
          cantidad: albaranAsignaciones.cantidad,
          entregaId: albaranLotes.entregaId,
          fecha: albaranLotes.fecha,
          numero: albaranes.numero,
        })
        .from(albaranAsignaciones)
        .innerJoin(albaranLotes, eq(albaranLotes.id, albaranAsignaciones.loteId))
        .innerJoin(albaranes, eq(albaranes.id, albaranLotes.entregaId))
        .where(inArray(albaranAsignaciones.recogidaLineaId, lineaIds))
        .orderBy(asc(albaranLotes.fecha), asc(albaranLotes.id));

/** R8: a live recogida that returns units of this entrega. */
export const recogidaVivaDeEntrega = async (tx: Executor, entregaId: string) => {
  const [row] = await rowsOf<{ numero: string | null }>(
    tx,
    sql`select r.numero from albaran_asignaciones s
          join albaran_lotes l on l.id = s.lote_id
          join albaran_lineas rl on rl.id = s.recogida_linea_id
          join albaranes r on r.id = rl.albaran_id
        where l.entrega_id = ${entregaId} and r.estado <> 'anulado'
        order by r.fecha limit 1`,
  );
  return row;
};

// ---- firmas --------------------------------------------------------------------------------

export const insertFirma = async (
  tx: Executor,
  values: { albaranId: string; sha256: string; bytes: number; png: Buffer },
) => {
  const [row] = await tx.insert(albaranFirmas).values(values).returning({ id: albaranFirmas.id });
  return row?.id as string;
};

export const findFirma = async (tx: Executor, id: string) => {
  const [row] = await tx.select().from(albaranFirmas).where(eq(albaranFirmas.id, id));
  return row;
};

// ---- list ------------------------------------------------------------------------------------

export type Filtros = {
  empresa: string;
  clase: 'alquiler' | 'transporte';
  tipo?: string | undefined;
  estado?: string | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
  clienteId?: string | undefined;
  alquilerId?: string | undefined;
  camionId?: string | undefined;
  firmado?: boolean | undefined;
  importacionId?: string | undefined;
  busqueda?: string | undefined;
};

const condiciones = (f: Filtros): SQL => {
  const c: SQL[] = [eq(albaranes.empresa, f.empresa), eq(albaranes.clase, f.clase)];
  if (f.tipo) c.push(eq(albaranes.tipo, f.tipo));
  if (f.estado) c.push(eq(albaranes.estado, f.estado));
  if (f.desde) c.push(sql`${albaranes.fecha} >= ${f.desde}`);
  if (f.hasta) c.push(sql`${albaranes.fecha} <= ${f.hasta}`);
  if (f.clienteId) c.push(eq(albaranes.clienteId, f.clienteId));
  if (f.alquilerId) c.push(eq(albaranes.alquilerId, f.alquilerId));
  if (f.camionId) c.push(eq(albaranes.camionId, f.camionId));
  if (f.importacionId) c.push(eq(albaranes.importacionId, f.importacionId));
  if (f.firmado === true) c.push(sql`${albaranes.firma} is not null`);
  if (f.firmado === false)
    c.push(sql`${albaranes.firma} is null and ${albaranes.estado} in ('emitido', 'en_ruta')`);
  if (f.busqueda) c.push(sql`${albaranes.busqueda} like ${`%${escapeLike(f.busqueda)}%`}`);
  return and(...c) as SQL;
};

/** §10: a list filtered by no more than empresa, clase, tipo and estado reads its total from
 * the trigger-kept counters (`albaranes_totales`) instead of counting. */
const soloContadores = (f: Filtros) =>
  !f.desde &&
  !f.hasta &&
  !f.clienteId &&
  !f.alquilerId &&
  !f.camionId &&
  !f.importacionId &&
  f.firmado === undefined &&
  !f.busqueda;

const ORDEN = {
  fecha: albaranes.fecha,
  numero: albaranes.numero,
  cliente: sql`${albaranes.cliente}->>'nombre'`,
  estado: albaranes.estado,
} as const;

export const pageOfAlbaranes = async (
  tx: Executor,
  f: Filtros,
  {
    sort,
    limit,
    offset,
  }: {
    sort: { field: keyof typeof ORDEN; direction: 'asc' | 'desc' };
    limit: number;
    offset: number;
  },
) => {
  const where = condiciones(f);
  const dir = sort.direction === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(albaranes)
      .where(where)
      .orderBy(dir(ORDEN[sort.field]), dir(albaranes.fechaHora), dir(albaranes.id))
      .limit(limit)
      .offset(offset),
    soloContadores(f)
      ? tx
          .select({ n: sql<number>`coalesce(sum(${albaranesTotales.total}), 0)::int` })
          .from(albaranesTotales)
          .where(
            and(
              eq(albaranesTotales.empresa, f.empresa),
              eq(albaranesTotales.clase, f.clase),
              f.tipo ? eq(albaranesTotales.tipo, f.tipo) : undefined,
              f.estado ? eq(albaranesTotales.estado, f.estado) : undefined,
            ),
          )
      : tx
          .select({ n: sql<number>`count(*)::int` })
          .from(albaranes)
          .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
};

export const todosLosAlbaranes = (
  tx: Executor,
  f: Filtros,
  sort: { field: keyof typeof ORDEN; direction: 'asc' | 'desc' },
) =>
  tx
    .select()
    .from(albaranes)
    .where(condiciones(f))
    .orderBy((sort.direction === 'desc' ? desc : asc)(ORDEN[sort.field]), asc(albaranes.id))
    .limit(100_000);

/** R16: transport albaranes delivered with a price, of a client, up to a date. */
export const albaranesFacturables = (
  tx: Executor,
  q: { hasta: string; desde?: string | undefined; clienteId?: string | undefined },
) =>
  tx
    .select()
    .from(albaranes)
    .where(
      and(
        eq(albaranes.empresa, 'transporte'),
        eq(albaranes.clase, 'transporte'),
        eq(albaranes.estado, 'entregado'),
        sql`${albaranes.precio} is not null`,
        sql`${albaranes.fecha} <= ${q.hasta}`,
        q.desde ? sql`${albaranes.fecha} >= ${q.desde}` : sql`true`,
        q.clienteId ? eq(albaranes.clienteId, q.clienteId) : sql`true`,
      ),
    )
    .orderBy(asc(albaranes.fecha), asc(albaranes.numero));
