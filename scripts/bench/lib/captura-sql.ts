// The statements the API sends to PostgreSQL, written down as it sends them, so pgbench can run
// the very same SQL in the same run (DESIGN decision 12: a speed target is a ratio against the
// database's own limit). Only the bench's API child process loads this (BENCH_SQL_LOG=<file>).
import { appendFileSync } from 'node:fs';
import pg from 'pg';
import { comoTexto, type SentenciaCapturada } from './pgbench-guion.js';

type QueryConfig = { text?: unknown; values?: unknown; name?: unknown };

/** From now on every query of every pg client is appended to `file`, one JSON line each. */
export const capturarSentencias = (file: string): void => {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function query(this: unknown, ...args: unknown[]) {
    const [config, values] = args;
    const text = typeof config === 'string' ? config : (config as QueryConfig | null)?.text;
    const params = Array.isArray(values) ? values : (config as QueryConfig | null)?.values;
    if (typeof text === 'string') {
      const sentencia: SentenciaCapturada = {
        texto: text,
        params: (Array.isArray(params) ? params : []).map(comoTexto),
        preparada: typeof config === 'object' && typeof (config as QueryConfig).name === 'string',
      };
      // Synchronously: by the time the API answers, its statements are on disk in their order.
      appendFileSync(file, `${JSON.stringify(sentencia)}\n`);
    }
    return original.apply(this, args);
  };
};
