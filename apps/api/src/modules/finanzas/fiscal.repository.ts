import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { lotesDeColumnas } from './facturas.repository.js';
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
 * (fecha de recepción, número de registro) as `compras_libro_idx` holds it, so no batch is
 * sorted; all of one snapshot taken at the first batch.
 */
export const comprasRecibidasPorLotes = (
  database: Database,
  empresa: string,
  desde: string,
  hasta: string,
  lote = 500,
): AsyncGenerator<(typeof compras.$inferSelect)[]> =>
  lotesDeColumnas(
    database,
    getTableColumns(compras),
    database.db
      .select()
      .from(compras)
      .where(
        and(
          eq(compras.empresa, empresa),
          sql`${compras.estado} <> 'anulada'`,
          sql`${compras.fechaRecepcion} between ${desde} and ${hasta}`,
        ),
      )
      .orderBy(asc(compras.fechaRecepcion), asc(compras.numeroRegistro), asc(compras.id))
      .getSQL(),
    lote,
  );

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
