import type { FastifyInstance } from 'fastify';
import { buildApp, loadConfig } from '../../src/index.js';
import type { ApiConfig, Database } from '../../src/index.js';
import { openTestDatabase } from './test-database.js';
import { createTokenFactory, TEST_AUDIENCE, TEST_NAMESPACE } from './tokens.js';
import type { TokenFactory } from './tokens.js';

export { createTestDatabase, testDatabaseUrl } from './test-database.js';
export type { TestDatabase } from './test-database.js';

export type TestApp = {
  app: FastifyInstance;
  config: ApiConfig;
  database: Database;
  tokens: TokenFactory;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Environment on top of the test defaults (embedded provider on port 3001, logs off). */
  env?: NodeJS.ProcessEnv;
  /** Starts with Spain's reference locations loaded (from the prepared image on PGlite). */
  seedReferenceData?: boolean;
  /** Fixes "hoy" (a Madrid calendar day) for the modules' date rules. */
  today?: () => string;
  /** Fixes the current instant (finanzas' VERI*FACTU generation time). */
  now?: () => Date;
  /** Runs before app.ready(), e.g. to register test-only routes. */
  setup?: (app: FastifyInstance) => unknown;
};

/** The real app on a fresh migrated database (see openTestDatabase), with a local key pair instead of the provider's JWKS. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    AUTH_AUDIENCE: TEST_AUDIENCE,
    AUTH_CLAIMS_NAMESPACE: TEST_NAMESPACE,
    ...options.env,
  });
  const tokens = await createTokenFactory();
  const testDatabase = await openTestDatabase(options.seedReferenceData ? 'locations' : 'migrated');
  try {
    const app = await buildApp({
      config,
      database: testDatabase.database,
      verifyToken: tokens.verifier,
      ...(options.today ? { today: options.today } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
    await options.setup?.(app);
    await app.ready();
    return {
      app,
      config,
      database: testDatabase.database,
      tokens,
      close: async () => {
        await app.close();
        await testDatabase.close();
      },
    };
  } catch (error) {
    await testDatabase.close();
    throw error;
  }
}
