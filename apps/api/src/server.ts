import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { ApiConfig } from './config.js';
import { createDatabase } from './db/database.js';
import type { Database } from './db/database.js';
import { migrate } from './db/migrator.js';
import { seedDemoWorld } from './demo-world.js';
import { seedLocationReferenceData } from './modules/localizacion/index.js';

export type RunningApi = {
  app: FastifyInstance;
  config: ApiConfig;
  database: Database;
  /** Stops accepting requests, waits for the ones in flight, then closes the database. Idempotent. */
  close(): Promise<void>;
};

export type StartApiOptions = {
  /** Close on SIGTERM/SIGINT and exit (default true). A launcher that owns shutdown passes false. */
  handleSignals?: boolean;
};

// If closing hangs (a stuck request, an unreachable database), leave anyway: the orchestrator
// would kill the process a little later with less grace.
const FORCED_EXIT_MS = 10_000;

/**
 * What every start does to the database before serving: the pending migrations, then Spain's
 * locations once per version of the files (so a fresh install can prefill addresses).
 */
export async function prepareDatabase(database: Database) {
  await migrate(database);
  return seedLocationReferenceData(database);
}

/** loadConfig → createDatabase → prepareDatabase → buildApp → listen. Throws ConfigError on bad environment. */
export async function startApi(
  env: NodeJS.ProcessEnv = process.env,
  options: StartApiOptions = {},
): Promise<RunningApi> {
  const config = loadConfig(env);
  // Connections lost while idle or in use are reported here (the pool replaces them); before the
  // app's logger exists they go to stderr.
  let reportLost = (error: Error) => console.error('Database connection lost:', error.message);
  const database = await createDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    onError: (error) => reportLost(error),
  });
  let app: FastifyInstance;
  try {
    const seed = await prepareDatabase(database);
    const demo = await seedDemoWorld(database, {
      enabled: config.demoData,
      archivos: { dataDir: config.dataDir, s3: config.s3 },
    });
    app = await buildApp({ config, database });
    app.log.info(demo, 'Demo world (DEMO_DATA=false turns it off)');
    const log = app.log;
    reportLost = (error) =>
      log.warn(
        { code: (error as { code?: unknown }).code },
        `Database connection lost: ${error.message}`,
      );
    app.log.info(seed, 'Spanish locations reference data');
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    throw error;
  }

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      try {
        await app.close();
      } finally {
        await database.close();
      }
    })());

  if (options.handleSignals ?? true) {
    const stop = (signal: NodeJS.Signals) => {
      app.log.info({ signal }, 'Shutting down');
      setTimeout(() => process.exit(1), FORCED_EXIT_MS).unref();
      close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'Error while shutting down');
          process.exit(1);
        },
      );
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  }

  return { app, config, database, close };
}
