import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createPgliteClient, pgliteDatabase } from '../../src/db/database.js';
import {
  buildApp,
  createDatabase,
  loadConfig,
  migrate,
  seedLocationReferenceData,
} from '../../src/index.js';
import type { ApiConfig, Database } from '../../src/index.js';
import { createTokenFactory, TEST_AUDIENCE, TEST_NAMESPACE } from './tokens.js';
import type { TokenFactory } from './tokens.js';

let pgliteTemplate: Promise<PGlite> | undefined;

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export type TestDatabase = { database: Database; close(): Promise<void> };

/**
 * A fresh, empty database: PGlite in memory, or — with TEST_DATABASE_URL — a new PostgreSQL
 * schema (through search_path) that is dropped on close.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    // Cloning an empty instance takes about a third of the time of starting a new one.
    pgliteTemplate ??= createPgliteClient();
    const database = pgliteDatabase((await (await pgliteTemplate).clone()) as PGlite);
    return { database, close: () => database.close() };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();

  const url = new URL(TEST_DATABASE_URL);
  // public stays on the path: extensions (pg_trgm) live there, once per database.
  url.searchParams.set('options', `-c search_path=${schema},public`);
  const database = await createDatabase({ dataDir: '', databaseUrl: url.toString() });
  return {
    database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}

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
  /** Loads Spain's reference locations (a few seconds; off unless a test needs them). */
  seedReferenceData?: boolean;
  /** Runs before app.ready(), e.g. to register test-only routes. */
  setup?: (app: FastifyInstance) => unknown;
};

/** The real app on a fresh migrated database, with a local key pair instead of the provider's JWKS. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    AUTH_AUDIENCE: TEST_AUDIENCE,
    AUTH_CLAIMS_NAMESPACE: TEST_NAMESPACE,
    ...options.env,
  });
  const tokens = await createTokenFactory();
  const testDatabase = await createTestDatabase();
  try {
    await migrate(testDatabase.database);
    if (options.seedReferenceData) await seedLocationReferenceData(testDatabase.database);
    const app = await buildApp({
      config,
      database: testDatabase.database,
      verifyToken: tokens.verifier,
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
