// Builds the SPA only when it is missing or older than its sources, so `npm start` stays fast
// after the first run and never serves a stale bundle.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
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
