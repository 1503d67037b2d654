import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiConfig, S3Config } from './config.js';
import type { ModuleTables } from './db/module-tables.js';
import type { Database } from './db/database.js';
import type { Executor } from './db/executor.js';
import type { FuenteFacturable } from '@tvsistema/domain/finanzas';

/** Today as a Madrid calendar day (`YYYY-MM-DD`); tests fix it (inventario.md §2: "hoy"). */
export type Today = () => string;

/** The current instant; tests fix it (finanzas' VERI*FACTU generation time, to the second). */
export type Now = () => Date;

/**
 * The billing sources finanzas reads (finanzas.md §2), one per origenTipo, composed in
 * modules/index.ts from the modules that offer them (comercial's `alquiler`, logística's `albaran`).
 */
export type FuentesFacturables = readonly FuenteFacturable<Executor>[];

/** What buildApp hands every module's routes plugin. */
export type ModuleContext = {
  database: Database;
  config: ApiConfig;
  today: Today;
  now?: Now;
  fuentesFacturables?: FuentesFacturables;
};

/**
 * What a module's part of the demo world gets (modules/README.md, "Demo world"): the database and
 * the seed day T as a Madrid calendar date (`YYYY-MM-DD`). Master data is dated T−100.
 */
export type DemoContext = {
  database: Database;
  today: string;
  fuentes: FuentesFacturables;
  /** Where uploaded files go (absent in tests that seed without a DATA_DIR: no demo documents). */
  archivos?: { dataDir: string; s3?: S3Config | undefined } | undefined;
};

/**
 * A module as the platform sees it (modules/index.ts lists them): its routes under `prefix`, and
 * the tables it owns for the drizzle schema (db/schema.ts).
 */
export type ApiModule = {
  name: string;
  prefix: string;
  routes: FastifyPluginAsyncZod<ModuleContext>;
  tables: ModuleTables;
  /**
   * Seeds this module's part of the demo world through its own services. The platform runs the
   * modules' seeds in API_MODULES order on an empty database (`npm start`, unless DEMO_DATA=false).
   */
  demo?: (context: DemoContext) => Promise<void>;
  /**
   * Seeds documents that read other modules' demo (finanzas invoices logística's albaranes): run
   * after every module's `demo`, in API_MODULES order.
   */
  demoFinal?: (context: DemoContext) => Promise<void>;
};
