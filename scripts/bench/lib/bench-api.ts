// The real API for load tests, in a child process on loopback so the load generator and the
// server do not share an event loop. PGlite allows one process per data directory, so a case
// seeds and measures direct SQL with `openBenchDatabase` first, closes it, then starts the API.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createDatabase, migrate } from '@tvsistema/api';
import type { Database } from '@tvsistema/api';
import { mintAccessToken } from '@tvsistema/idp';
import { BENCH_AUTH } from './bench-auth.js';

export type BenchTarget = {
  engine: 'pglite' | 'postgres';
  dataDir: string;
  databaseUrl?: string | undefined;
  /** An access token for a demo account, trusted by the API this target starts. */
  token(email: string): Promise<string>;
  dispose(): Promise<void>;
};

/** A fresh temporary DATA_DIR; with a URL, PostgreSQL (whatever it holds) instead of PGlite. */
export const createBenchTarget = async (databaseUrl?: string): Promise<BenchTarget> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'tvsistema-bench-'));
  return {
    engine: databaseUrl ? 'postgres' : 'pglite',
    dataDir,
    databaseUrl,
    token: (email) =>
      mintAccessToken({
        dataDir,
        issuer: BENCH_AUTH.issuer,
        audience: BENCH_AUTH.audience,
        claimsNamespace: BENCH_AUTH.claimsNamespace,
        email,
      }),
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
};

/** The target's database, migrated, for seeding and for the direct-SQL baseline. Close it before startBenchApi. */
export const openBenchDatabase = async (target: BenchTarget): Promise<Database> => {
  const database = await createDatabase({
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl,
  });
  await migrate(database);
  return database;
};

export type BenchApi = { url: string; pid: number; close(): Promise<void> };

/**
 * Starts the API on 127.0.0.1 (a free port) in a child process; resolves once it listens. `env`
 * adds variables to the child's (BENCH_SQL_LOG: see captura-sql.ts).
 */
export const startBenchApi = async (
  target: BenchTarget,
  env: Record<string, string> = {},
): Promise<BenchApi> => {
  // The key the API trusts must exist before it starts.
  await target.token('admin@tvsistema.test');
  const child = spawn(
    process.execPath,
    [
      // BENCH_PROFILE=<dir> writes a CPU profile of the API (open it in Chrome's DevTools).
      ...(process.env.BENCH_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
        : []),
      '--import',
      'tsx',
      new URL('./api-process.ts', import.meta.url).pathname,
    ],
    {
      env: {
        ...process.env,
        ...env,
        DATA_DIR: target.dataDir,
        DATABASE_URL: target.databaseUrl ?? '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      resolve(line.trim());
      // What the API logs after its URL (BENCH_LOG_LEVEL), beside the case's own output.
      lines.on('line', (l) => process.stderr.write(`${l}\n`));
    });
    child.once('exit', (code) => reject(new Error(`La API de benchmark terminó (código ${code})`)));
  });
  return {
    url,
    pid: child.pid ?? 0,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
};
