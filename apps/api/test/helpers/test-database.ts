import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { createPgliteClient, PGLITE_EXTENSIONS, pgliteDatabase } from '../../src/db/database.js';
import { createDatabase, migrate, seedLocationReferenceData } from '../../src/index.js';
import type { Database } from '../../src/index.js';
import type { TestImageKey } from './test-images.js';

/**
 * The PostgreSQL this file's tests run on, or undefined on PGlite. Its project's global setup
 * decides (test/setup/global-setup.ts): with TEST_DATABASE_URL the `api` project runs on it while
 * `api-pglite` runs PGlite's own files, both in one Vitest run whose workers may serve either
 * project, so it is read per call, never kept in this (shared) module.
 */
export const testDatabaseUrl = (): string | undefined => inject('testDatabaseUrl') ?? undefined;

export type { TestImageKey } from './test-images.js';

export type TestDatabase = { database: Database; close(): Promise<void> };

let emptyTemplate: Promise<PGlite> | undefined;

/**
 * A fresh database with nothing in it, for the tests of migrations themselves: PGlite in memory, or
 * — with TEST_DATABASE_URL — a new PostgreSQL schema (through search_path) dropped on close.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const TEST_DATABASE_URL = testDatabaseUrl();
  if (!TEST_DATABASE_URL) {
    // Cloning an empty instance takes about a third of the time of starting a new one.
    emptyTemplate ??= createPgliteClient();
    const database = pgliteDatabase((await (await emptyTemplate).clone()) as PGlite);
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
  // Names this test's connections in pg_stat_activity (an outage test terminates only its own).
  url.searchParams.set('application_name', schema);
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

/**
 * A database of its own cloned from the global setup's template (PostgreSQL): its name is also its
 * connections' application_name (an outage test terminates only its own); dropped on close.
 */
const cloneTemplate = async (baseUrl: string, template: string): Promise<TestDatabase> => {
  const name = `t_${randomBytes(8).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  url.searchParams.set('application_name', name);
  const database = await createDatabase({ dataDir: '', databaseUrl: url.toString() });
  return {
    database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
};

const images = new Map<TestImageKey, Promise<Blob>>();

/**
 * A migrated database, with Spain's reference locations when `image` is 'locations': on PGlite
 * loaded from the image the global setup prepared; on PostgreSQL a new schema, migrated (and seeded).
 */
export async function openTestDatabase(image: TestImageKey = 'migrated'): Promise<TestDatabase> {
  const TEST_DATABASE_URL = testDatabaseUrl();
  if (TEST_DATABASE_URL) {
    const template = inject('pgTemplates')?.[image];
    if (template) return cloneTemplate(TEST_DATABASE_URL, template);
    const testDatabase = await createTestDatabase();
    try {
      await migrate(testDatabase.database);
      if (image === 'locations') await seedLocationReferenceData(testDatabase.database);
      return testDatabase;
    } catch (error) {
      await testDatabase.close();
      throw error;
    }
  }
  let blob = images.get(image);
  if (!blob) {
    blob = readFile(inject('pgImages')[image]).then((bytes) => new Blob([bytes]));
    images.set(image, blob);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: await blob });
  const database = pgliteDatabase(client);
  return { database, close: () => database.close() };
}
