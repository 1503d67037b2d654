// The journeys' database template: a migrated and seeded PGlite data dir, built once for today's
// sources and copied for every run (web-server.mjs). `npm test` builds it (and the SPA) while the
// lint runs, through prepare.mjs, so the journeys' server starts at once.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
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
export const ensureTemplate = () => {
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
