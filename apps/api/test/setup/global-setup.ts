// Prepares, once per run, the two PGlite images every API test file starts from: the migrated
// schema, and the same with Spain's reference locations. A file then loads one (`loadDataDir`,
// ~0.4 s) instead of starting PGlite and migrating (~1.5 s) or seeding (~3 s more).
// docs/decisions/0013-test-database-image.md has the measurements.
import { createHash } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { createPgliteClient, pgliteDatabase } from '../../src/db/database.js';
import {
  createDatabase,
  LOCATIONS_ES_DIR,
  migrate,
  MIGRATIONS_DIR,
  seedLocationReferenceData,
} from '../../src/index.js';
import { TEST_IMAGE_KEYS, type TestImageKey } from '../helpers/test-images.js';

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

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

// The image format is PGlite's own: a new version gets new images. (Its package.json is not an export.)
const pgliteVersion = async (): Promise<string> => {
  let folder = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!(await exists(join(folder, 'package.json')))) folder = dirname(folder);
  return (JSON.parse(await readFile(join(folder, 'package.json'), 'utf8')) as { version: string })
    .version;
};

/** What an image depends on: PGlite's version, the migrations and the reference data. */
const imageHash = async (): Promise<string> => {
  const hash = createHash('sha256').update(await pgliteVersion());
  for (const folder of [MIGRATIONS_DIR, LOCATIONS_ES_DIR]) {
    for (const name of (await readdir(folder)).sort()) {
      if (!/\.(sql|csv)$/.test(name)) continue;
      hash.update(name).update(await readFile(join(folder, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
};

const write = async (path: string, image: Blob) => {
  // Written beside and renamed, so a concurrent run never reads half a file.
  const partial = `${path}.${process.pid}.tmp`;
  await writeFile(partial, new Uint8Array(await image.arrayBuffer()));
  await rename(partial, path);
};

// Vitest loads a global setup's default export.
export default async function setup(
  project: TestProject,
): Promise<(() => Promise<void>) | undefined> {
  const folder = join(project.config.root, 'node_modules', '.cache', 'tvsistema-test-db');
  const hash = await imageHash();
  const paths = Object.fromEntries(
    TEST_IMAGE_KEYS.map((key) => [key, join(folder, `${key}-${hash}.tar`)]),
  ) as Record<TestImageKey, string>;

  // The `api-pglite` project (vitest.config.ts) runs PGlite's own files on PGlite even when
  // TEST_DATABASE_URL puts the `api` project on PostgreSQL.
  const url =
    project.name === 'api-pglite' ? undefined : process.env.TEST_DATABASE_URL || undefined;
  project.provide('testDatabaseUrl', url ?? null);
  // On PostgreSQL every file clones a template database: no image is read.
  const cached = await Promise.all(Object.values(paths).map(exists));
  if (!url && !cached.every(Boolean)) {
    await mkdir(folder, { recursive: true });
    const client = await createPgliteClient();
    const database = pgliteDatabase(client);
    try {
      await migrate(database);
      await write(paths.migrated, await client.dumpDataDir('none'));
      await seedLocationReferenceData(database);
      await write(paths.locations, await client.dumpDataDir('none'));
    } finally {
      await database.close();
    }
  }
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
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const key of TEST_IMAGE_KEYS) {
      const name = templates[key];
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`create database "${name}"`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const database = await createDatabase({ dataDir: '', databaseUrl: target.toString() });
      try {
        await migrate(database);
        if (key === 'locations') await seedLocationReferenceData(database);
      } finally {
        await database.close();
      }
    }
  } finally {
    await admin.end();
  }
  project.provide('pgTemplates', templates);
  return async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    for (const name of Object.values(templates))
      await cleanup.query(`drop database if exists "${name}" with (force)`);
    await cleanup.end();
  };
}
