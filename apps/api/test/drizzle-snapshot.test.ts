// drizzle-kit writes the next migration as the difference between its last snapshot and the table
// files. Hand-written migrations (triggers, views, backfills) leave that snapshot behind unless it
// is synced (apps/api/README.md, "Database and migrations"), and then the next `db:generate`
// silently repeats their changes. This keeps the snapshot, the journal and the SQL files in step.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import type { DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { describe, expect, test } from 'vitest';
import { MIGRATIONS_DIR } from '../src/index.js';
import { schema } from '../src/db/schema.js';

type Journal = { entries: { idx: number; tag: string }[] };

const meta = join(MIGRATIONS_DIR, 'meta');
const readJson = async <T>(path: string): Promise<T> =>
  JSON.parse(await readFile(path, 'utf8')) as T;

describe('drizzle-kit snapshot', () => {
  test('the journal names every SQL migration, in order, so the next one is numbered after them', async () => {
    const journal = await readJson<Journal>(join(meta, '_journal.json'));
    const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files);
    expect(journal.entries.map((entry) => entry.idx)).toEqual(files.map((_file, index) => index));
  });

  test('the last snapshot matches the table files: db:generate would write nothing', async () => {
    const snapshots = (await readdir(meta))
      .filter((name) => name.endsWith('_snapshot.json'))
      .sort();
    const last = await readJson<DrizzleSnapshotJSON>(join(meta, snapshots.at(-1) ?? ''));
    const current = generateDrizzleJson(schema as Record<string, unknown>, last.id);
    expect(await generateMigration(last, current)).toEqual([]);
  });
});
