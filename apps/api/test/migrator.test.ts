import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createDatabase, migrate, MigrationChecksumError, MIGRATIONS_DIR } from '../src/index.js';
import { createTestDatabase, testDatabaseUrl } from './helpers/test-app.js';
import type { TestDatabase } from './helpers/test-app.js';

// Read once per file: the file runs whole in one project (PostgreSQL or PGlite).
const TEST_DATABASE_URL = testDatabaseUrl();

const opened: TestDatabase[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((testDatabase) => testDatabase.close()));
  await Promise.all(
    folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })),
  );
});

const freshDatabase = async () => {
  const testDatabase = await createTestDatabase();
  opened.push(testDatabase);
  return testDatabase.database;
};

const migrationsFolder = async (files: Record<string, string>) => {
  const folder = await mkdtemp(join(tmpdir(), 'tvsistema-migrations-'));
  folders.push(folder);
  for (const [name, sql] of Object.entries(files)) await writeFile(join(folder, name), sql);
  return folder;
};

const tableExists = async (database: Awaited<ReturnType<typeof freshDatabase>>, table: string) =>
  database.withSession(async (session) => {
    const rows = await session.query<{ found: string | null }>(
      'select to_regclass($1)::text as found',
      [table],
    );
    return rows[0]?.found !== null;
  });

// drizzle-kit writes `REFERENCES "public"."table"`; the API (and every test schema) runs in the
// first schema of its search_path, so a pinned `public` would point elsewhere. Remove it by hand.
test('committed migrations never pin the public schema (except to install extensions)', async () => {
  const names = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql'));
  for (const name of names) {
    const sql = await readFile(join(MIGRATIONS_DIR, name), 'utf8');
    const pinned = sql.split('\n').filter((line) => /"?public"?\./i.test(line));
    expect(pinned, name).toEqual([]);
  }
});

describe('migrate', () => {
  // One full run of the committed files (the slowest thing here), then the Drizzle schema on it.
  test('applies the committed migrations once; a second run is a no-op; the schema works through Drizzle', async () => {
    const database = await freshDatabase();
    const committed = (await readdir(MIGRATIONS_DIR))
      .filter((name) => name.endsWith('.sql'))
      .sort();
    expect(committed.length).toBeGreaterThan(0);

    expect(await migrate(database)).toEqual({ applied: committed });
    expect(await tableExists(database, 'app_meta')).toBe(true);
    expect(await migrate(database)).toEqual({ applied: [] });

    const { appMeta } = await import('../src/db/schema.js');
    await database.db.insert(appMeta).values({ key: 'seed.locations', value: '1' });
    const rows = await database.db.select().from(appMeta);
    expect(rows).toMatchObject([{ key: 'seed.locations', value: '1' }]);
    expect(rows[0]?.updatedAt).toBeInstanceOf(Date);
    // Every migration from an empty database: ~25 s on PGlite beside other files on a loaded
    // machine, near the default 30 s, and it grows by one file per schema change.
  }, 60_000);

  test('applies only new files, in name order, and records them', async () => {
    const database = await freshDatabase();
    const folder = await migrationsFolder({ '0000_a.sql': 'create table a (id int);' });
    expect(await migrate(database, { folder })).toEqual({ applied: ['0000_a.sql'] });

    await writeFile(join(folder, '0002_c.sql'), 'create table c (id int);');
    await writeFile(
      join(folder, '0001_b.sql'),
      'create table b (id int);\n--> statement-breakpoint\ninsert into b values (1);',
    );
    expect(await migrate(database, { folder })).toEqual({ applied: ['0001_b.sql', '0002_c.sql'] });
    const rows = await database.withSession((session) =>
      session.query<{ name: string; checksum: string }>(
        'select name, checksum from schema_migrations order by name',
      ),
    );
    expect(rows.map((row) => row.name)).toEqual(['0000_a.sql', '0001_b.sql', '0002_c.sql']);
    expect(rows[0]?.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  test('a failing file leaves nothing of itself behind and stops the run', async () => {
    const database = await freshDatabase();
    const folder = await migrationsFolder({
      '0000_ok.sql': 'create table ok (id int);',
      '0001_broken.sql':
        'create table half (id int);\n--> statement-breakpoint\nselect * from missing_table;',
      '0002_later.sql': 'create table later (id int);',
    });
    await expect(migrate(database, { folder })).rejects.toThrow(/missing_table/);
    expect(await tableExists(database, 'ok')).toBe(true);
    expect(await tableExists(database, 'half')).toBe(false);
    expect(await tableExists(database, 'later')).toBe(false);

    // Fixed, the run continues where it stopped (the lock was released despite the failure).
    await writeFile(join(folder, '0001_broken.sql'), 'create table half (id int);');
    expect(await migrate(database, { folder })).toEqual({
      applied: ['0001_broken.sql', '0002_later.sql'],
    });
  });

  test('refuses to run when an applied file was edited', async () => {
    const database = await freshDatabase();
    const folder = await migrationsFolder({ '0000_a.sql': 'create table a (id int);' });
    await migrate(database, { folder });
    await writeFile(join(folder, '0000_a.sql'), 'create table a (id bigint);');
    await expect(migrate(database, { folder })).rejects.toBeInstanceOf(MigrationChecksumError);
  });

  test('line endings do not count as an edit', async () => {
    const database = await freshDatabase();
    const folder = await migrationsFolder({ '0000_a.sql': 'create table a (\n  id int\n);\n' });
    await migrate(database, { folder });
    await writeFile(join(folder, '0000_a.sql'), 'create table a (\r\n  id int\r\n);\r\n');
    expect(await migrate(database, { folder })).toEqual({ applied: [] });
  });

  test('two concurrent runs on one database in one process apply each file once', async () => {
    const database = await freshDatabase();
    const folder = await migrationsFolder({
      '0000_a.sql': 'create table a (id int);',
      '0001_b.sql': 'create table b (id int);\n--> statement-breakpoint\ninsert into b values (1);',
      '0002_c.sql': 'create table c (id int);',
    });
    const results = await Promise.all([
      migrate(database, { folder }),
      migrate(database, { folder }),
    ]);
    expect(results.flatMap((result) => result.applied).sort()).toEqual([
      '0000_a.sql',
      '0001_b.sql',
      '0002_c.sql',
    ]);
    // Applied once: a second insert into b would have run with a second apply.
    const rows = await database.withSession((session) =>
      session.query<{ n: number }>('select count(*)::int as n from b'),
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  test.skipIf(!TEST_DATABASE_URL)(
    'two replicas migrating one PostgreSQL at once do not fail (PostgreSQL only: skipped without TEST_DATABASE_URL)',
    async () => {
      const first = await freshDatabase();
      // A second pool on the same schema, as a second replica would have.
      const url = new URL(TEST_DATABASE_URL ?? '');
      const schema = await first.withSession(async (session) => {
        const rows = await session.query<{ schema: string }>('select current_schema() as schema');
        return rows[0]?.schema ?? '';
      });
      url.searchParams.set('options', `-c search_path=${schema}`);
      const second = await createDatabase({ dataDir: '', databaseUrl: url.toString() });
      try {
        const folder = await migrationsFolder({
          // Slow enough that the runs overlap.
          '0000_slow.sql':
            'select pg_sleep(0.3);\n--> statement-breakpoint\ncreate table slow (id int);',
          '0001_next.sql': 'create table next_one (id int);',
        });
        const results = await Promise.all([
          migrate(first, { folder }),
          migrate(second, { folder }),
        ]);
        expect(results.flatMap((result) => result.applied).sort()).toEqual([
          '0000_slow.sql',
          '0001_next.sql',
        ]);
        expect(results.some((result) => result.applied.length === 0)).toBe(true);
      } finally {
        await second.close();
      }
    },
  );
});
