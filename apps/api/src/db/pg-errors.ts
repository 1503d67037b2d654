// What a failed statement tells: PostgreSQL's SQLSTATE code and, for constraint violations, the
// constraint's name. Services turn these into HTTP answers (409, 400) without reading SQL.

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/** A delete refused by an `ON DELETE RESTRICT` key (23001), where NO ACTION answers 23503. */
export const RESTRICT_VIOLATION = '23001';

export type PgError = { code: string; constraint: string | undefined };

/** The code and constraint of a PostgreSQL error, wherever a driver or Drizzle wrapped it (`cause`). */
export const pgErrorOf = (error: unknown): PgError | undefined => {
  for (let current = error; current instanceof Object; current = (current as Error).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
  }
  return undefined;
};

// Errors that mean "the database is not there right now" rather than "this statement is wrong":
// node-postgres' socket errors, PostgreSQL's connection-exception class (08…) and operator
// intervention (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now).
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection terminated due to connection timeout',
];

/**
 * True when `error` (or any error in its `cause` chain, or inside an AggregateError) says the
 * database cannot be reached: the API answers 503 and the client retries, instead of a 500.
 */
export const isDatabaseUnavailable = (error: unknown, depth = 0): boolean => {
  if (!(error instanceof Object) || depth > 8) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text)))
    return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return isDatabaseUnavailable(cause, depth + 1);
};
