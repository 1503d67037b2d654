// Builds the SPA only when it is missing or older than its sources, so `npm start` stays fast
// after the first run and never serves a stale bundle. Run as a script with steps (`node
// scripts/web-build.mjs precompress budget`, the web package's build does) it writes the
// compressed copies of the build, then checks the size budget and fails the build above it.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { checkSizeBudget } from './size-budget.mjs';

const root = new URL('..', import.meta.url).pathname;
const webDist = join(root, 'apps/web/dist');
const builtIndex = join(webDist, 'index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite-icon-modules.ts',
  'apps/web/vite-bootstrap-css.ts',
  'apps/web/vite-identity-preload.ts',
  'apps/web/package.json',
  'packages/domain/src',
];

const newestMtime = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
};

export const webBuildIsStale = () => {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > builtAt);
};

export const ensureWebBuild = () => {
  if (!webBuildIsStale()) return;
  console.log('Compilando la aplicación web (solo la primera vez o tras cambios)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@tvsistema/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('No se pudo compilar la aplicación web.');
    process.exit(result.status ?? 1);
  }
};

// Text files worth sending compressed; images are compressed formats already, and source maps
// are only fetched by developer tools.
const TEXT_ASSET = /\.(html|js|mjs|css|svg|json|txt|webmanifest)$/;
// Below this an encoded file saves less than its headers cost.
const MIN_BYTES = 1024;

const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

/**
 * Writes `x.br` and `x.gz` beside every text file of the build at the highest levels: done once
 * per build instead of per request; the API's static server picks one by Accept-Encoding.
 */
export const precompressWebBuild = (dir = webDist) => {
  for (const file of filesUnder(dir).filter((path) => TEXT_ASSET.test(path))) {
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzipSync(content, { level: zlib.Z_BEST_COMPRESSION }));
  }
};

/**
 * The browser checks bodies with the domain schemas (issue 14), whose zod messages are Spanish
 * through packages/domain/src/zod-es.ts: a build that dropped that module's one statement (the
 * domain is built as free of side effects) would show zod's English. One of its texts must be
 * in some chunk.
 */
export const zodEnEspanol = (dir = webDist) =>
  filesUnder(dir).some(
    (file) => file.endsWith('.js') && readFileSync(file, 'utf8').includes('Entrada inválida'),
  );

const STEPS = {
  precompress: () => precompressWebBuild(),
  // After precompress: the budget reads the .gz files it wrote.
  budget: () => {
    if (!checkSizeBudget(webDist)) process.exit(1);
  },
  idioma: () => {
    if (zodEnEspanol()) return;
    console.error('La compilación perdió los mensajes de zod en español (zod-es.ts).');
    process.exit(1);
  },
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const steps = process.argv.slice(2);
  const unknown = steps.filter((step) => !(step in STEPS));
  if (unknown.length > 0) {
    console.error(
      `Pasos desconocidos: ${unknown.join(', ')} (hay: ${Object.keys(STEPS).join(', ')})`,
    );
    process.exit(1);
  }
  if (steps.length === 0) ensureWebBuild();
  for (const step of steps) STEPS[step]();
}
