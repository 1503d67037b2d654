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
