// The journeys' web server: `npm start` on a fresh data dir, whose database is a copy of a
// migrated and seeded template instead of being built again. Migrating and loading the Spanish
// locations into a new PGlite took ~10 s of every run (docs/decisions/0014); the copy takes a
// fraction of a second. The provider's keys are still new each run (they are not in the copy).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cacheDir = join(root, 'node_modules/.cache/tvsistema-e2e');

// Everything that decides what a new database holds: the API (migrations, seeds, reference
// data), the domain it imports and the locked package versions (PGlite's among them).
const TEMPLATE_INPUTS = [
  'apps/api/src',
  'apps/api/drizzle',
  'apps/api/reference-data',
  'apps/api/package.json',
  'packages/domain/src',
  'package-lock.json',
];

const filesUnder = (path) => {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
};

const templateKey = () => {
  const hash = createHash('sha256');
  for (const input of TEMPLATE_INPUTS) {
    for (const file of filesUnder(join(root, input))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
};

/** The template for today's sources, built once (by a child, which alone needs tsx). */
const ensureTemplate = () => {
  const template = join(cacheDir, `db-${templateKey()}`);
  if (existsSync(template)) return template;
  console.log('Preparando la base de datos de las pruebas (solo tras cambios en la API)…');
  rmSync(cacheDir, { recursive: true, force: true }); // older templates: no longer wanted
  mkdirSync(cacheDir, { recursive: true });
  const building = mkdtempSync(join(cacheDir, 'building-'));
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('build-db-template.ts', import.meta.url)), building],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) {
    rmSync(building, { recursive: true, force: true });
    return null;
  }
  try {
    renameSync(building, template);
  } catch {
    // Another run got there first with the same template.
    rmSync(building, { recursive: true, force: true });
  }
  return template;
};

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
