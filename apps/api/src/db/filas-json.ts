import type { Database, PreparedValue } from './database.js';

/**
 * The rows of the prepared read `texto` as one JSON text, parsed once (decision 0010). PGlite
 * decodes every field of every row in JavaScript, a few microseconds each, and a JSON column is
 * parsed row by row; a read of hundreds of rows (a planning grid's cells) cost more there than its
 * plan. `agregado` is how `x` (a row of `texto`) is gathered: `json_agg(x)` by default, or with an
 * order (`json_agg(x.r order by x.n)`) where the rows' order matters.
 */
export const filasJsonPreparadas = async <Row>(
  database: Database,
  texto: string,
  params: readonly PreparedValue[],
  agregado = 'json_agg(x)',
): Promise<Row[]> => {
  const [fila] = await database.queryPrepared<{ j: string }>(
    `select coalesce(${agregado}, '[]')::text as j from (${texto}) x`,
    params,
  );
  return JSON.parse(fila?.j ?? '[]') as Row[];
};
