import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { compras, pagos } from './facturas.table.js';

// The reads of the books and the 347 that are not invoices (those live in facturas.repository).

export const comprasRecibidasEntre = async (
  tx: Executor,
  empresa: string,
  desde: string,
  hasta: string,
) =>
  tx
    .select()
    .from(compras)
    .where(
      and(
        eq(compras.empresa, empresa),
        sql`${compras.estado} <> 'anulada'`,
        sql`${compras.fechaRecepcion} between ${desde} and ${hasta}`,
      ),
    )
    .orderBy(asc(compras.fechaRecepcion), asc(compras.numeroRegistro));

/**
 * Rule 17's libro de recibidas in batches of `lote` (finanzas.md §10: streamed), in its order
 * (fecha de recepción, número de registro), each batch after the previous one's last key.
 */
export async function* comprasRecibidasPorLotes(
  tx: Executor,
  empresa: string,
  desde: string,
  hasta: string,
  lote = 500,
): AsyncGenerator<(typeof compras.$inferSelect)[]> {
  let tras: { fecha: string; numero: string; id: string } | undefined;
  for (;;) {
    const filas = await tx
      .select()
      .from(compras)
      .where(
        and(
          eq(compras.empresa, empresa),
          sql`${compras.estado} <> 'anulada'`,
          sql`${compras.fechaRecepcion} between ${desde} and ${hasta}`,
          tras
            ? sql`(${compras.fechaRecepcion}, ${compras.numeroRegistro}, ${compras.id}) > (${tras.fecha}::date, ${tras.numero}::text, ${tras.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(compras.fechaRecepcion), asc(compras.numeroRegistro), asc(compras.id))
      .limit(lote);
    if (filas.length > 0) yield filas;
    const ultima = filas.at(-1);
    if (filas.length < lote || !ultima) return;
    tras = { fecha: ultima.fechaRecepcion, numero: ultima.numeroRegistro, id: ultima.id };
  }
}

export const pagosEnEfectivo = async (tx: Executor, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : tx
        .select()
        .from(pagos)
        .where(
          and(
            sql`${pagos.compraId} in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
            eq(pagos.medio, 'efectivo'),
          ),
        );
