import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Component tests (`*.test.tsx`) render into jsdom. Plain logic tests (`*.test.ts`) run in the
// `web-logic` project (vitest.logic.config.ts) under node, which starts in a fraction of the time.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx'],
    // Files that replace a module with vi.mock need a module graph of their own: they run in the
    // `web-mocked` project (vitest.mocked.config.ts).
    exclude: ['src/**/*.mocked.test.tsx'],
    setupFiles: ['src/testing/setup.ts'],
    // jsdom screens render slowly when CI runs them beside the API tests on two cores: a
    // 1.5 s test (120 table rows) once passed Vitest's default 5 s. A timeout is not a check.
    testTimeout: 20_000,
    // Files share a worker's module graph and jsdom (77 s → 28 s); setup.ts cleans the DOM and the
    // storages after every test.
    isolate: false,
  },
});
