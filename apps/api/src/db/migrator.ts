import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';

/** The SQL files drizzle-kit writes (`npm run db:generate`), committed with the code. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle/', import.meta.url));

// Advisory locks are per database, not per schema: every replica (and every test schema) of one
// PostgreSQL database queues on this key while it migrates.
const MIGRATION_LOCK_KEY = '7400130911';

export class MigrationChecksumError extends Error {
  constructor(name: string) {
    super(
      `La migración ${name} ya aplicada ha cambiado; crea una migración nueva en lugar de editarla / ` +
        `Applied migration ${name} was modified; add a new migration instead of editing it`,
    );
    this.name = 'MigrationChecksumError';
  }
}

type MigrationFile = { name: string; sql: string; checksum: string };

const readMigrations = async (folder: string): Promise<MigrationFile[]> => {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(
    names.map(async (name) => {
      // Line endings are normalised so a checkout with CRLF does not look like an edited file.
      const sql = (await readFile(join(folder, name), 'utf8')).replace(/\r\n/g, '\n');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
};

/**
 * Applies the pending migrations, each file in its own transaction, and records name + checksum in
 * `schema_migrations` (in the first schema of the search path). Holding an advisory lock on one
 * connection for the whole run makes it safe for several replicas starting at once; running it
 * again applies nothing. Files run as they are, so no `CREATE INDEX CONCURRENTLY` in them.
 */
export async function migrate(
  database: Database,
  options: { folder?: string } = {},
): Promise<{ applied: string[] }> {
  const files = await readMigrations(options.folder ?? MIGRATIONS_DIR);

  return database.withSession(async (session) => {
    await session.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    try {
      await session.exec(`
        create table if not exists schema_migrations (
          name text primary key,
          checksum text not null,
          applied_at timestamptz not null default now()
        )`);
      const rows = await session.query<{ name: string; checksum: string }>(
        'select name, checksum from schema_migrations',
      );
      const done = new Map(rows.map((row) => [row.name, row.checksum]));

      const applied: string[] = [];
      for (const file of files) {
        const checksum = done.get(file.name);
        if (checksum !== undefined) {
          if (checksum !== file.checksum) throw new MigrationChecksumError(file.name);
          continue;
        }
        await session.transaction(async (tx) => {
          await tx.exec(file.sql);
          await tx.query('insert into schema_migrations (name, checksum) values ($1, $2)', [
            file.name,
            file.checksum,
          ]);
        });
        applied.push(file.name);
      }
      return { applied };
    } finally {
      await session.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
    }
  });
}
