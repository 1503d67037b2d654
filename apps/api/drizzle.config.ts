import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'drizzle-kit';

// drizzle-kit resolves paths against the working directory (and breaks on absolute ones), so they
// are made relative to it: `npm run db:generate` works from the repository root and from apps/api.
const here = (path: string) =>
  relative(process.cwd(), fileURLToPath(new URL(path, import.meta.url))) || '.';

export default defineConfig({
  dialect: 'postgresql',
  schema: `${here('./src')}/**/*.table.ts`,
  out: here('./drizzle'),
});
