import { createHash } from 'node:crypto';
import type pg from 'pg';

/** A statement's name: the same text, the same name (statements are prepared on first use). */
const statementNames = new Map<string, string>();
export const statementNameOf = (text: string): string => {
  let name = statementNames.get(text);
  if (!name) {
    name = `tvs_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
};

/**
 * Statements with more parameters than this are bulk writes (a seed's or an import's multi-row
 * inserts), whose texts vary with their row count: they are not kept on the connection.
 */
const MAX_PARAMETROS = 64;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/** The config with a name when it is a statement with (not too many) parameters and none. */
export const conNombre = (config: unknown, values: unknown): unknown => {
  if (config === null || typeof config !== 'object') return config;
  const consulta = config as QueryConfig;
  const parametros = Array.isArray(values) ? values : consulta.values;
  if (
    typeof consulta.text !== 'string' ||
    consulta.name !== undefined ||
    consulta.submit !== undefined ||
    !Array.isArray(parametros) ||
    parametros.length === 0 ||
    parametros.length > MAX_PARAMETROS
  )
    return config;
  return { ...consulta, name: statementNameOf(consulta.text) };
};

/**
 * node-postgres parses and plans a statement on every call unless it has a name. A connection
 * given to this names every statement with parameters after its text (drizzle's as well as
 * queryPrepared's), so it is parsed once per connection and PostgreSQL keeps its plan as for any
 * prepared statement (decision 0049).
 */
export const nombrarSentencias = (client: pg.ClientBase): void => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) =>
    query(conNombre(config, rest[0]), ...rest)) as typeof client.query;
};
