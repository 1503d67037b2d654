// Prepares, once per run, the two states every API test file starts from: the migrated schema,
// and the same with Spain's reference locations. On PGlite a file loads an image of one
// (`loadDataDir`, ~0.4 s; pglite-images.ts) instead of starting PGlite and migrating (~1.5 s) or
// seeding (~3 s more); on PostgreSQL it clones a template database.
// docs/decisions/0013-test-database-image.md has the measurements.
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { createDatabase, migrate, seedLocationReferenceData } from '../../src/index.js';
import { TEST_IMAGE_KEYS, type TestImageKey } from '../helpers/test-images.js';
import { ensurePgliteImages } from './pglite-images.js';

declare module 'vitest' {
  // Augmenting Vitest's interface needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** Paths of the PGlite data-dir images, by content. */
    pgImages: Record<TestImageKey, string>;
    /** With TEST_DATABASE_URL: the migrated template databases each file clones, by image. */
    pgTemplates: Record<TestImageKey, string> | null;
    /** The PostgreSQL this project's files run on; null: PGlite. */
    testDatabaseUrl: string | null;
  }
}

// Vitest loads a global setup's default export.
export default async function setup(
  project: TestProject,
): Promise<(() => Promise<void>) | undefined> {
  // The `api-pglite` project (vitest.config.ts) runs PGlite's own files on PGlite even when
  // TEST_DATABASE_URL puts the `api` project on PostgreSQL.
  const url =
    project.name === 'api-pglite' ? undefined : process.env.TEST_DATABASE_URL || undefined;
  project.provide('testDatabaseUrl', url ?? null);
  // On PostgreSQL every file clones a template database: no image is read, none is built.
  const paths = await ensurePgliteImages(project.config.root, { build: !url });
  project.provide('pgImages', paths);
  if (!url) {
    project.provide('pgTemplates', null);
    return undefined;
  }
  // On PostgreSQL the same two states are template databases: a file clones one
  // (CREATE DATABASE … TEMPLATE, ~0.06 s) instead of migrating a schema of its own (~0.35 s).
  const base = new URL(url).pathname.slice(1) || 'postgres';
  const templates = Object.fromEntries(
    TEST_IMAGE_KEYS.map((key) => [key, `${base}_${key}_${process.pid}`.slice(0, 63)]),
  ) as Record<TestImageKey, string>;
  // Both templates at once: the server migrates and seeds them in two backends, on both cores.
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const name of Object.values(templates)) {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`create database "${name}"`);
    }
  } finally {
    await admin.end();
  }
  await Promise.all(
    TEST_IMAGE_KEYS.map(async (key) => {
      const target = new URL(url);
      target.pathname = `/${templates[key]}`;
      const database = await createDatabase({ dataDir: '', databaseUrl: target.toString() });
      try {
        await migrate(database);
        if (key === 'locations') await seedLocationReferenceData(database);
      } finally {
        await database.close();
      }
    }),
  );
  project.provide('pgTemplates', templates);
  return async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    for (const name of Object.values(templates))
      await cleanup.query(`drop database if exists "${name}" with (force)`);
    await cleanup.end();
  };
}
