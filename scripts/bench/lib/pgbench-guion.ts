// Pure helpers of the pgbench baseline (pgbench.ts): a captured statement with its parameters
// written in as literals, the mix of captured requests as one pgbench script, and the latencies
// of pgbench's per-transaction log.
import pg from 'pg';

/** A parameter as node-postgres sends it: the text PostgreSQL parses, or null. */
export const comoTexto = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** PostgreSQL's array input syntax, as node-postgres writes a JavaScript array. */
const arrayLiteral = (values: readonly unknown[]): string =>
  `{${values
    .map((value) => {
      if (Array.isArray(value)) return arrayLiteral(value);
      const text = comoTexto(value);
      return text === null ? 'NULL' : `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
    })
    .join(',')}}`;

/** One statement the API sent: its text with $n, its parameters as text, and whether it was named. */
export type SentenciaCapturada = {
  texto: string;
  params: readonly (string | null)[];
  /** A named statement (Database.queryPrepared): parsed and planned once per connection. */
  preparada: boolean;
};

const literal = (value: string | null | undefined) =>
  value === null || value === undefined ? 'NULL' : pg.escapeLiteral(value);

/**
 * The statement with each $n replaced by its value as an untyped literal ('…'), which PostgreSQL
 * types from its context exactly as it types an untyped parameter.
 */
export const sentenciaConLiterales = (text: string, params: readonly (string | null)[]): string =>
  text.replace(/\$(\d+)(?!\d)/g, (match, number: string) => {
    const index = Number(number) - 1;
    return index < 0 || index >= params.length ? match : literal(params[index]);
  });

/** The variable pgbench draws each transaction from; named so no statement can contain it. */
const VARIABLE = 'tvs_peticion';
/** Per client: 0 until its connection has prepared the named statements (`-D tvs_preparado=0`). */
export const ARGUMENTOS_GUION = ['-D', 'tvs_preparado=0'] as const;

/**
 * One pgbench script (simple protocol) for the whole mix: each transaction draws one captured
 * request at random and sends that request's statements in their order (pgbench's \if branches).
 * As the API does, an unnamed statement is parsed and planned every time (its values written in),
 * and a named one is prepared once per connection (its client's first transaction) and executed
 * with its values.
 */
export const guionPgbench = (peticiones: readonly (readonly SentenciaCapturada[])[]): string => {
  const conSentencias = peticiones.filter((sentencias) => sentencias.length > 0);
  if (conSentencias.length === 0) throw new Error('Ninguna petición envió sentencias SQL');
  const nombres = new Map<string, string>();
  for (const sentencia of conSentencias.flat())
    if (sentencia.preparada && !nombres.has(sentencia.texto))
      nombres.set(sentencia.texto, `tvs_s${nombres.size}`);
  const sql = (texto: string) => `${texto.trim().replace(/;+$/, '')};`;
  const lineas: string[] = [];
  if (nombres.size > 0) {
    lineas.push('\\if :tvs_preparado = 0');
    for (const [texto, nombre] of nombres) lineas.push(sql(`PREPARE ${nombre} AS ${texto}`));
    lineas.push('\\set tvs_preparado 1', '\\endif');
  }
  lineas.push(`\\set ${VARIABLE} random(0, ${conSentencias.length - 1})`);
  conSentencias.forEach((sentencias, index) => {
    lineas.push(`${index === 0 ? '\\if' : '\\elif'} :${VARIABLE} = ${index}`);
    for (const { texto, params, preparada } of sentencias) {
      const nombre = preparada ? nombres.get(texto) : undefined;
      lineas.push(
        sql(
          nombre === undefined
            ? sentenciaConLiterales(texto, params)
            : `EXECUTE ${nombre}${params.length ? `(${params.map(literal).join(', ')})` : ''}`,
        ),
      );
    }
  });
  lineas.push('\\endif', '');
  return lineas.join('\n');
};

/**
 * Latencies in ms from pgbench's per-transaction log (`-l`): "client_id transaction_no time
 * script_no time_epoch time_us …", time in microseconds and time_epoch/time_us when the
 * transaction ended. Failed or skipped transactions are left out, and so is every transaction that
 * ended before `desdeMs` (epoch ms): the warm-up, in which each connection prepared the named
 * statements and filled its caches, is part of the same run so the measured one uses warm
 * connections, as the API's pool does.
 */
export const latenciasDelLog = (log: string, desdeMs = 0): number[] => {
  const latencias: number[] = [];
  for (const line of log.split('\n')) {
    const [, , micros, , epoch, epochMicros] = line.trim().split(/\s+/);
    if (micros === undefined || !/^\d+$/.test(micros)) continue;
    const finMs = Number(epoch) * 1000 + Number(epochMicros) / 1000;
    if (finMs < desdeMs) continue;
    latencias.push(Number(micros) / 1000);
  }
  return latencias;
};
