import { API_MODULES } from '../modules/index.js';
import { appMeta } from './app-meta.table.js';

// Every table of the API: the platform's app_meta and each module's `tables` (modules/index.ts).
// drizzle-kit reads the `*.table.ts` files directly (drizzle.config.ts); this object is what the
// migration snapshot is checked against (test/drizzle-snapshot.test.ts). The one platform file
// that imports the module list for its tables.

type ModuleTablesOf = (typeof API_MODULES)[number]['tables'];
type Merged<U> = (U extends unknown ? (tables: U) => void : never) extends (
  tables: infer All,
) => void
  ? All
  : never;

export type Schema = { appMeta: typeof appMeta } & Merged<ModuleTablesOf>;

export const schema: Schema = Object.assign(
  { appMeta },
  ...API_MODULES.map((module) => module.tables),
) as Schema;

export { appMeta };
