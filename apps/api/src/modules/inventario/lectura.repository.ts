import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, PreparedValue } from '../../db/database.js';
import { rowsOf, type Executor } from '../../db/executor.js';

// How inventario's hot reads reach the database (issue 15, §10). On PGlite a statement costs its
// parse and plan (0.2–1 ms on the ledger, whose GiST indexes each plan sizes) and then a few
// microseconds per field of every row the driver decodes in JavaScript. So a read returns its
// rows as one JSON text (`json_agg`, parsed once here) and, on the pool (not inside a caller's
// transaction), runs as a prepared statement (Database.queryPrepared, decision 0010). The ledger
// read behind a picker went from 5.3 to 1.4 ms of CPU this way.

/** The databases whose pool (`database.db`) may run prepared statements: set by the routes. */
const preparables = new WeakMap<Executor, Database>();

export const permitirPreparadas = (database: Database): void => {
  preparables.set(database.db, database);
};

const dialecto = new PgDialect();

/**
 * The rows of `consulta` (keys as its column names, values as JSON gives them: text, numbers,
 * booleans, null, nested JSON), read as one JSON text. Columns must already be text where JSON
 * would change them (dates, numerics, bigints).
 */
export const filasJson = async <Row>(executor: Executor, consulta: SQL): Promise<Row[]> => {
  const envuelta = sql`select coalesce(json_agg(x), '[]')::text as j from (${consulta}) x`;
  const database = preparables.get(executor);
  const [fila] = database
    ? await database.queryPrepared<{ j: string }>(
        ...(({ sql: texto, params }) => [texto, params as PreparedValue[]] as const)(
          dialecto.sqlToQuery(envuelta),
        ),
      )
    : await rowsOf<{ j: string }>(executor, envuelta);
  return JSON.parse(fila?.j ?? '[]') as Row[];
};
