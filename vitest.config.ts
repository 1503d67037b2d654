import { defineConfig } from 'vitest/config';

// One Vitest run, one project per tier, so `npm test` reports them separately.
export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker (cores - 1); the test files are independent
    // (each API file has its own database), so both cores work. TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.TEST_WORKERS) || 2,
    projects: [
      // Pure node projects share a worker's module graph between files (isolate: false): the API
      // project went from 85 s to 38 s that way. So does web's jsdom project (its own config).
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          isolate: false,
        },
      },
      // The project's own tooling: the lint rules are proven to fail on broken imports.
      { test: { name: 'tools', root: 'tools', include: ['*.test.ts'], isolate: false } },
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
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Builds (or finds cached) the PGlite images each file loads its database from.
          globalSetup: ['test/setup/global-setup.ts'],
          // Each file still opens its own database; Fastify, drizzle and the schemas are imported
          // once per worker instead of once per file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      'apps/web/vitest.logic.config.ts',
      'apps/web/vitest.mocked.config.ts',
    ],
  },
});
