// `npm run backup` / `npm run restore` (issue 12): an archive restored into an empty DATA_DIR (and,
// for PostgreSQL, an empty database) has every record and file of the original.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { PGLITE_EXTENSIONS, pgliteDatabase } from '../src/db/database.js';
import { appMeta } from '../src/db/schema.js';
import { createDatabase, migrate } from '../src/index.js';
import { BackupError, createBackup, restoreBackup } from '../src/tools.js';
import { testDatabaseUrl } from './helpers/test-database.js';

// Read once per file: the file runs whole in one project (PostgreSQL or PGlite).
const TEST_DATABASE_URL = testDatabaseUrl();

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'tvsistema-backup-test-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A file as the files service stores it: under archivos/, named by its content's hash. */
const storeFile = async (dataDir: string) => {
  const content = randomBytes(2048);
  await mkdir(join(dataDir, 'archivos', 'ab'), { recursive: true });
  await writeFile(join(dataDir, 'archivos', 'ab', 'abcdef'), content);
  return content;
};

const readMeta = async (database: Awaited<ReturnType<typeof createDatabase>>) =>
  database.db.select().from(appMeta).where(eq(appMeta.key, 'respaldo'));

describe.skipIf(Boolean(TEST_DATABASE_URL))('PGlite (DATA_DIR)', () => {
  test('restores every record and file into an empty DATA_DIR, and overwrites nothing', async () => {
    const dataDir = join(folder, 'origen');
    // The migrated test image unpacked into DATA_DIR/pglite: a database on disk as `npm start`
    // leaves it, without paying initdb and every migration again (start-api.test.ts does that).
    await mkdir(join(dataDir, 'pglite'), { recursive: true });
    const database = pgliteDatabase(
      await PGlite.create({
        dataDir: join(dataDir, 'pglite'),
        extensions: PGLITE_EXTENSIONS,
        loadDataDir: new Blob([await readFile(inject('pgImages').migrated)]),
      }),
    );
    await database.db.insert(appMeta).values({ key: 'respaldo', value: 'el original' });
    await database.close();
    const content = await storeFile(dataDir);

    const archive = await createBackup({
      dataDir,
      outDir: join(folder, 'copias'),
      now: new Date('2026-11-23T21:05:09Z'),
    });
    expect(archive).toBe(join(folder, 'copias', 'tvsistema-backup-20261123T210509Z.tar.gz'));

    const target = join(folder, 'destino');
    const manifest = await restoreBackup({ archive, dataDir: target });
    expect(manifest).toMatchObject({ motor: 'pglite', carpetas: ['pglite', 'archivos'] });
    expect(await readFile(join(target, 'archivos', 'ab', 'abcdef'))).toEqual(content);
    const restored = await createDatabase({ dataDir: target });
    try {
      expect(await readMeta(restored)).toEqual([
        expect.objectContaining({ key: 'respaldo', value: 'el original' }),
      ]);
    } finally {
      await restored.close();
    }

    // A second restore into the same DATA_DIR would overwrite the database: refused.
    await expect(restoreBackup({ archive, dataDir: target })).rejects.toBeInstanceOf(BackupError);
  }, 60_000);

  test('says so when DATA_DIR holds no database', async () => {
    await expect(
      createBackup({ dataDir: join(folder, 'vacio'), outDir: join(folder, 'copias') }),
    ).rejects.toThrow(/No hay base de datos/);
  });
});

const pgTools = (() => {
  try {
    execFileSync('pg_dump', ['--version']);
    execFileSync('pg_restore', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!TEST_DATABASE_URL || !pgTools)('PostgreSQL (DATABASE_URL, pg_dump)', () => {
  const databases: string[] = [];
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const newDatabase = async () => {
    const name = `tvsistema_backup_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${name}`);
    databases.push(name);
    const url = new URL(TEST_DATABASE_URL ?? '');
    url.pathname = `/${name}`;
    return url.toString();
  };
  afterAll(async () => {
    for (const name of databases) await admin(`drop database if exists ${name} with (force)`);
  });

  test('restores every record into an empty database and the files into DATA_DIR', async () => {
    const sourceUrl = await newDatabase();
    const source = await createDatabase({ dataDir: '', databaseUrl: sourceUrl });
    await migrate(source);
    await source.db.insert(appMeta).values({ key: 'respaldo', value: 'en postgres' });
    await source.close();
    const dataDir = join(folder, 'pg-origen');
    const content = await storeFile(dataDir);

    const archive = await createBackup({
      dataDir,
      databaseUrl: sourceUrl,
      outDir: join(folder, 'pg-copias'),
    });
    const targetUrl = await newDatabase();
    const target = join(folder, 'pg-destino');
    const manifest = await restoreBackup({ archive, dataDir: target, databaseUrl: targetUrl });
    expect(manifest).toMatchObject({ motor: 'postgres', carpetas: ['archivos'] });
    expect(existsSync(join(target, 'pglite'))).toBe(false);
    expect(await readFile(join(target, 'archivos', 'ab', 'abcdef'))).toEqual(content);
    const restored = await createDatabase({ dataDir: '', databaseUrl: targetUrl });
    try {
      expect(await readMeta(restored)).toEqual([
        expect.objectContaining({ key: 'respaldo', value: 'en postgres' }),
      ]);
    } finally {
      await restored.close();
    }
  }, 60_000);
});
