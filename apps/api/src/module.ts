import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiConfig } from './config.js';
import type { ModuleTables } from './db/module-tables.js';
import type { Database } from './db/database.js';

/** What buildApp hands every module's routes plugin. */
export type ModuleContext = { database: Database; config: ApiConfig };

/**
 * A module as the platform sees it (modules/index.ts lists them): its routes under `prefix`, and
 * the tables it owns for the drizzle schema (db/schema.ts).
 */
export type ApiModule = {
  name: string;
  prefix: string;
  routes: FastifyPluginAsyncZod<ModuleContext>;
  tables: ModuleTables;
};
