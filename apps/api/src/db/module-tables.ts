import type { PgTable } from 'drizzle-orm/pg-core';

/** The drizzle tables a module owns, by export name (`{}` for a module without tables). */
export type ModuleTables = Readonly<Record<string, PgTable>>;
