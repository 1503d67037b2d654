// Issue 13's size budget: the gzip size of the JavaScript some pages load, read from the Vite
// manifest (entry chunk + its static imports, recursively). Fails (exit 1) above the budget and
// prints each chunk, so a change that drags a library into a page shows which chunk grew.
// `npm run build` runs it (scripts/web-build.mjs … budget); alone: node scripts/size-budget.mjs [distDir]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;

const KB = 1024;
/** A signed-in list: the entry, the application frame and the list's screen (`src/features/…`). */
const signedInList = (name, screen, budgetKb) => ({
  name: `${name} (con sesión, listado)`,
  entries: ['index.html', 'src/components/layout/app-layout.tsx', `src/features/${screen}`],
  budgetKb,
  maxFiles: 30,
});

// Each page: the manifest entries it loads before it can show its content, and its budget.
export const PAGES = [
  { name: '/select-system (sin sesión)', entries: ['index.html'], budgetKb: 150, maxFiles: 10 },
  {
    name: '/proveedores (con sesión, listado)',
    // The application frame is a lazy route of its own (router.tsx): it counts for every
    // signed-in page.
    entries: [
      'index.html',
      'src/components/layout/app-layout.tsx',
      'src/features/partes/parte-list-screens.tsx',
    ],
    // 230 KB until 28 Nov 2026 (226.5 used): the list's first render no longer loads zod's core
    // (26 KB), since the domain's sort and page-size constants left the schema modules.
    budgetKb: 205,
    // Each file is a request: on a phone's network (Lighthouse's 150 ms, six connections) sixty of
    // them cost more than their bytes (decision 0017, 28 Nov 2026: 61 before the common chunks
    // were copied into their users).
    maxFiles: 30,
  },
  // The other modules' lists, frame and entry included (decision 0046, revision of 28 Nov 2026):
  // each budget sits a few KB above its size once the list's first render stopped loading zod's
  // core and the forms, and below its size before (KB, after each), so a constant taken again from a
  // schema module, or a form bundled with its list again, fails the build.
  signedInList('/andamios', 'andamios/components/andamio-list-page.tsx', 210), // 236.1
  signedInList('/alquileres', 'comercial/components/alquiler-list-page.tsx', 215), // 245.2
  signedInList('/presupuestos', 'comercial/components/presupuesto-list-page.tsx', 215), // 241.4
  signedInList('/albaranes (alquiler)', 'logistica/components/albaran-list-page.tsx', 235), // 262.4
  signedInList('/albaranes (transporte)', 'logistica/components/transporte-list-page.tsx', 235), // 265.2
  signedInList('/maquinaria', 'maquinaria/components/maquina-list-page.tsx', 215), // 285.1
  signedInList('/transporte/camiones', 'flota/components/camion-list-page.tsx', 215), // 304.8
  signedInList('/obras', 'obras/components/obra-list-page.tsx', 215), // 311.2
];

// The identity SDK's chunk (the `auth` group of vite.config.ts): a dynamic import that index.html
// preloads, so it downloads beside the entry on every page. Printed, not counted (decision 0025).
const PARALLEL_CHUNK = /^_auth-/;

const gzipSize = (dist, file) => {
  const path = join(dist, file);
  // The build writes the .gz beside each file (scripts/web-build.mjs); compute it otherwise.
  if (existsSync(`${path}.gz`)) return readFileSync(`${path}.gz`).length;
  return gzipSync(readFileSync(path), { level: 9 }).length;
};

/** The JS files an entry loads: its own and its static imports', recursively, each once. */
export const chunksOf = (manifest, entries) => {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No está en el manifiesto de Vite: ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  entries.forEach(visit);
  return [...files].filter((file) => file.endsWith('.js'));
};

/** Prints each page's chunks and total; false when a page is over its budget. */
export const checkSizeBudget = (dist = join(root, 'apps/web/dist')) => {
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`Falta ${manifestPath}: compila antes la web (npm run build).`);
    return false;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  let failed = false;
  for (const page of PAGES) {
    const chunks = chunksOf(manifest, page.entries).map((file) => ({
      file,
      size: gzipSize(dist, file),
    }));
    chunks.sort((a, b) => b.size - a.size);
    const total = chunks.reduce((sum, chunk) => sum + chunk.size, 0);
    const over = total > page.budgetKb * KB;
    const tooMany = chunks.length > page.maxFiles;
    failed ||= over || tooMany;
    console.log(
      `${over || tooMany ? '✗' : '✓'} ${page.name}: ${(total / KB).toFixed(1)} KB gzip de JS (límite ${page.budgetKb} KB) en ${chunks.length} ficheros (límite ${page.maxFiles})`,
    );
    for (const chunk of chunks) {
      console.log(`    ${(chunk.size / KB).toFixed(1).padStart(6)} KB  ${chunk.file}`);
    }
  }
  const parallel = Object.keys(manifest).filter((key) => PARALLEL_CHUNK.test(key));
  for (const key of parallel) {
    const file = manifest[key].file;
    console.log(
      `  en paralelo, sin contar (decisión 0025): ${(gzipSize(dist, file) / KB).toFixed(1)} KB  ${file}`,
    );
  }
  if (failed) console.error('Presupuesto de tamaño superado (issue 13, decisión 0025).');
  return !failed;
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!checkSizeBudget(process.argv[2])) process.exit(1);
}
