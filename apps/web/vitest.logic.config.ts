import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The web's plain logic tests (`*.test.ts`): no DOM, so node, without a DOM's start-up per file.
// Component tests stay in the `web` project (vitest.config.ts).
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web-logic',
    environment: 'node',
    // The build's plugins (vite-*.ts) are tested here too.
    include: ['src/**/*.test.ts', '*.test.ts'],
    setupFiles: ['src/testing/setup-logic.ts'],
    // No file replaces a module (vi.mock): they share a worker's module graph, as the API's do
    // (13.8 s of imports summed over the files → a few).
    isolate: false,
  },
});
