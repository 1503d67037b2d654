import { defineConfig } from 'vitest/config';

// One Vitest run, one project per tier, so `npm test` reports them separately.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: { name: 'idp', root: 'apps/idp', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      'apps/web/vitest.logic.config.ts',
    ],
  },
});
