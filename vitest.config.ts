import { configDefaults, defineConfig } from 'vitest/config';

/**
 * With TEST_DATABASE_URL (CI sets it when PostgreSQL answers) the API tests run once, on
 * PostgreSQL, the production database; the `api-pglite` project runs, in the same Vitest run, the
 * files about PGlite's own paths and the HTTP layer's suites on PGlite, which the journeys use too
 * (docs/decisions/0033-one-api-pass.md). Its global setup tells each file its database.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The files whose subject is PGlite itself (its on-disk start under DATA_DIR, its data-dir
 * backups, an export that must yield PGlite's thread) or that run only without a PostgreSQL (a
 * private cluster stopped and restarted under the API). Backups and the private cluster have a
 * PostgreSQL part too, so they run in both projects.
 */
const PGLITE_ONLY_FILES = [
  'test/start-api.test.ts',
  'test/proveedores/proveedores-export-yield.test.ts',
];
/**
 * The HTTP layer's suites (every write route fuzzed, the permission matrix over every route): they
 * ask the database nothing the module files have not, and take 32 s on PostgreSQL against 20 s on
 * PGlite, so with TEST_DATABASE_URL they run on PGlite only.
 */
const HTTP_LAYER_FILES = [
  'test/reliability/write-fuzz.test.ts',
  'test/reliability/authorization-matrix.test.ts',
];
const PGLITE_FILES = [
  ...PGLITE_ONLY_FILES,
  ...HTTP_LAYER_FILES,
  'test/backup.test.ts',
  'test/reliability/private-cluster-outage.test.ts',
];

const API_PROJECT = {
  root: 'apps/api',
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  // Builds (or finds cached) the PGlite images each file loads its database from; on PostgreSQL,
  // the template databases each file clones.
  globalSetup: ['test/setup/global-setup.ts'],
  // Each file still opens its own database; Fastify, drizzle and the schemas are imported once
  // per worker instead of once per file.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// One Vitest run, one project per tier, so `npm test` reports them separately.
export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker (cores - 1); the test files are independent
    // (each API file has its own database), so both cores work. TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.TEST_WORKERS) || 2,
    projects: [
      // Pure node projects share a worker's module graph between files (isolate: false): the API
      // project went from 85 s to 38 s that way. So does web's screen project (its own config).
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          isolate: false,
        },
      },
      // The project's own tooling: the lint rules are proven to fail on broken imports, and the
      // benchmarks' pure helpers (the pgbench baseline's SQL) are tested beside them.
      {
        test: {
          name: 'tools',
          root: 'tools',
          include: ['*.test.ts', '../scripts/bench/lib/*.test.ts'],
          isolate: false,
        },
      },
      {
        test: {
          name: 'idp',
          root: 'apps/idp',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          ...API_PROJECT,
          // With TEST_DATABASE_URL, PGlite's own files and the HTTP layer's run in `api-pglite`.
          exclude: [
            ...configDefaults.exclude,
            ...(onPostgres ? [...PGLITE_ONLY_FILES, ...HTTP_LAYER_FILES] : []),
          ],
        },
      },
      ...(onPostgres
        ? [{ test: { name: 'api-pglite', ...API_PROJECT, include: PGLITE_FILES } }]
        : []),
      'apps/web/vitest.config.ts',
      'apps/web/vitest.logic.config.ts',
      'apps/web/vitest.mocked.config.ts',
    ],
  },
});
