// The journeys' web server: `npm start` on a fresh data dir, whose database is a copy of a
// migrated and seeded template instead of being built again. Migrating and loading the Spanish
// locations into a new PGlite took ~10 s of every run (docs/decisions/0014); the copy takes a
// fraction of a second. The provider's keys are still new each run (they are not in the copy).
import { cpSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTemplate } from './db-template.mjs';

const dataDir = process.env.DATA_DIR;

// The run's data dir (the config makes a new one under the temp folder each run) goes with the
// server: Playwright stops it with SIGTERM, serve.ts closes everything and exits, and this removes
// the folder — about 70 MB a run that used to stay behind.
if (dataDir?.startsWith(join(tmpdir(), 'tvsistema-e2e-'))) {
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

if (dataDir && !process.env.DATABASE_URL) {
  const template = ensureTemplate();
  // Without a template the server builds its database itself, as `npm start` always does.
  if (template) cpSync(template, dataDir, { recursive: true });
}

await import('../../scripts/start.mjs');
