import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { HAPPY_DOM_OPTIONS } from './vitest.happy-dom.js';

// Component tests that replace a module with vi.mock (`*.mocked.test.tsx`): each file keeps its own
// module graph, which the shared-graph `web` project (vitest.config.ts) cannot give.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web-mocked',
    environment: 'happy-dom',
    environmentOptions: HAPPY_DOM_OPTIONS,
    include: ['src/**/*.mocked.test.tsx'],
    setupFiles: ['src/testing/setup.ts'],
    testTimeout: 20_000,
  },
});
