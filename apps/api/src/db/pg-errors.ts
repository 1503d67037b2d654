// What a failed statement tells: PostgreSQL's SQLSTATE code and, for constraint violations, the
// constraint's name. Services turn these into HTTP answers (409, 400) without reading SQL.

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

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
