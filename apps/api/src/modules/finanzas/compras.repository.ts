import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/executor.js';
import { escapeLike } from '../../db/like.js';
import { compras, pagos } from './facturas.table.js';

// The only SQL of purchases and their pagos.

export type CompraRow = typeof compras.$inferSelect;
export type CompraInsert = typeof compras.$inferInsert;
export type PagoRow = typeof pagos.$inferSelect;

export const insertCompra = async (tx: Executor, values: CompraInsert) => {
  const [row] = await tx.insert(compras).values(values).returning();
  if (!row) throw new Error('insert compras returned no row');
  return row;
};

export const updateCompra = async (tx: Executor, id: string, values: Partial<CompraInsert>) => {
  const [row] = await tx
    .update(compras)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(compras.id, id))
    .returning();
  if (!row) throw new Error('update compras returned no row');
  return row;
};

export const findCompra = async (tx: Executor, id: string, { lock = false } = {}) => {
  const q = tx.select().from(compras).where(eq(compras.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
};

export const compraDuplicada = async (
  tx: Executor,
  empresa: string,
  proveedorId: string,
  numero: string,
  excluirId: string | null,
) => {
  const [row] = await tx
    .select({ numeroRegistro: compras.numeroRegistro })
    .from(compras)
    .where(
      sql`${compras.empresa} = ${empresa} and ${compras.proveedorId} = ${proveedorId}
        and upper(trim(${compras.numeroFacturaProveedor})) = upper(trim(${numero}))
        and ${compras.estado} <> 'anulada'
        ${excluirId ? sql`and ${compras.id} <> ${excluirId}` : sql``}`,
    );
  return row;
};

export const pagosDe = async (tx: Executor, compraId: string) =>
  tx
    .select()
    .from(pagos)
    .where(eq(pagos.compraId, compraId))
    .orderBy(asc(pagos.fecha), asc(pagos.createdAt));

export const insertPago = async (tx: Executor, values: typeof pagos.$inferInsert) => {
  const [row] = await tx.insert(pagos).values(values).returning();
  if (!row) throw new Error('insert pagos returned no row');
  return row;
};

export const deletePago = async (tx: Executor, id: string) => {
  await tx.delete(pagos).where(eq(pagos.id, id));
};

export type CompraFiltro = {
  empresa: string;
  estado?: string | undefined;
  proveedorId?: string | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
  search?: string | undefined;
  sinArchivo?: boolean | undefined;
  hoy: string;
};

const SORTS: Record<string, string> = {
  recepcion: 'c.fecha_recepcion',
  numero: 'c.numero_registro',
  proveedor: "c.proveedor->>'nombre'",
  total: 'c.importe_total',
  pendiente: 'c.pendiente',
};

export const pageOfCompras = async (
  tx: Executor,
  f: CompraFiltro,
  sort: { field: string; direction: 'asc' | 'desc' },
  { limit, offset }: { limit: number; offset: number },
) => {
  const parts: SQL[] = [sql`c.empresa = ${f.empresa}`];
  if (f.estado === 'vencida')
    parts.push(sql`c.estado = 'pendiente' and c.fecha_vencimiento < ${f.hoy}`);
  else if (f.estado) parts.push(sql`c.estado = ${f.estado}`);
  if (f.proveedorId) parts.push(sql`c.proveedor_id = ${f.proveedorId}`);
  if (f.desde) parts.push(sql`c.fecha_recepcion >= ${f.desde}`);
  if (f.hasta) parts.push(sql`c.fecha_recepcion <= ${f.hasta}`);
  if (f.search) parts.push(sql`c.busqueda like ${`%${escapeLike(f.search)}%`}`);
  if (f.sinArchivo) parts.push(sql`c.archivo is null`);
  const where = sql.join(parts, sql` and `);
  const order = sql.raw(`${SORTS[sort.field] ?? SORTS['recepcion']} ${sort.direction}, c.id`);
  const lista = (
    await rowsOf<{ id: string }>(
      tx,
      sql`select c.id from compras c where ${where} order by ${order} limit ${limit} offset ${offset}`,
    )
  ).map((r) => r.id);
  const [total] = await rowsOf<{ total: number }>(
    tx,
    sql`select count(*)::int as total from compras c where ${where}`,
  );
  const rows =
    lista.length === 0
      ? []
      : await tx
          .select()
          .from(compras)
          .where(
            sql`${compras.id} in (${sql.join(
              lista.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
          );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    rows: lista.map((id) => byId.get(id)).filter((r): r is CompraRow => Boolean(r)),
    total: total?.total ?? 0,
  };
};
