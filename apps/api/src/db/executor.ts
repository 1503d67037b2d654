import type { SQL } from 'drizzle-orm';
import type { Db } from './database.js';

/** An open Drizzle transaction (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Where a repository runs a statement: the pool, or the caller's transaction. */
export type Executor = Db | Tx;

/** The rows of a raw statement, whichever driver (PGlite, node-postgres) runs it. */
export const rowsOf = async <Row>(executor: Executor, query: SQL): Promise<Row[]> => {
  const result = (await executor.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
};
