import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { HAPPY_DOM_OPTIONS } from './vitest.happy-dom.js';

// Component tests (`*.test.tsx`) render into happy-dom (docs/decisions/0041-happy-dom.md). Plain
// logic tests (`*.test.ts`) run in the `web-logic` project (vitest.logic.config.ts) under node,
// which starts in a fraction of the time.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    environmentOptions: HAPPY_DOM_OPTIONS,
    include: ['src/**/*.test.tsx'],
    // Files that replace a module with vi.mock need a module graph of their own: they run in the
    // `web-mocked` project (vitest.mocked.config.ts).
    exclude: ['src/**/*.mocked.test.tsx'],
    setupFiles: ['src/testing/setup.ts'],
    // Screens render slowly when CI runs them beside the API tests on two cores: a 1.5 s test
    // (120 table rows, under jsdom) once passed Vitest's default 5 s. A timeout is not a check.
    testTimeout: 20_000,
    // Files share a worker's module graph and DOM (77 s → 28 s under jsdom); setup.ts cleans the
    // DOM and the storages after every test, and the page cannot navigate away (HAPPY_DOM_OPTIONS).
    isolate: false,
  },
});
