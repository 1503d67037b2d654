// `npm run lighthouse`: Lighthouse and what it brings (Sentry, OpenTelemetry, Puppeteer: about
// 10,000 files, a sixth of the workspace's install) stay out of `npm ci`, which every CI run pays
// for; they are installed here, pinned by this folder's lockfile, the first time the audit runs.
// The script is type-checked before it runs, since `npm run typecheck` cannot see its types.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const step = (command, args, cwd = root) => {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(`${here}node_modules/lighthouse/package.json`)) {
  console.log('Instalando Lighthouse (solo la primera vez)…');
  step('npm', ['ci', '--no-audit', '--no-fund'], here);
}
step(process.execPath, ['node_modules/typescript-native/bin/tsc', '-p', `${here}tsconfig.json`]);
step(process.execPath, ['--import', 'tsx', `${here}lighthouse.ts`, ...process.argv.slice(2)]);
