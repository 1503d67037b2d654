import { defineConfig } from 'vitest/config';

// One Vitest run, one project per tier, so `npm test` reports them separately.
export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker (cores - 1); the test files are independent
    // (each API file has its own database), so both cores work. TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.TEST_WORKERS) || 2,
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      // The project's own tooling: the lint rules are proven to fail on broken imports.
      { test: { name: 'tools', root: 'tools', include: ['*.test.ts'] } },
      {
        test: { name: 'idp', root: 'apps/idp', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Builds (or finds cached) the PGlite images each file loads its database from.
          globalSetup: ['test/setup/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      'apps/web/vitest.logic.config.ts',
    ],
  },
});
