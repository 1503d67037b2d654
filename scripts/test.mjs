// `npm test`: lint, typecheck, unit tests, API tests against a real database (PGlite, or
// PostgreSQL when TEST_DATABASE_URL is set) and end-to-end tests in Debian's Chromium.
// Every step runs even if an earlier one failed, so one run reports everything; the exit code
// is non-zero when any step failed.
import { appendFileSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
    .status === 0;

// No test tool downloads a browser: the end-to-end tests use Debian's package.
const ensureChromium = () => {
  if (existsSync(chromium)) return true;
  if (process.getuid?.() !== 0) {
    console.error(`Falta Chromium en ${chromium}. Instálalo con: sudo apt-get install -y chromium`);
    return false;
  }
  console.log('Instalando Chromium desde los paquetes de Debian…');
  return (
    run('apt-get', ['update', '-qq']) &&
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      DEBIAN_FRONTEND: 'noninteractive',
    })
  );
};

const steps = [
  ['lint', () => run('npm', ['run', 'lint']) && run('npm', ['run', 'format:check'])],
  ['typecheck', () => run('npm', ['run', 'typecheck'])],
  ['unit + API tests', () => run('npx', ['vitest', 'run'])],
  ['end-to-end tests', () => ensureChromium() && run('npm', ['run', 'test:e2e'])],
];

const results = [];
for (const [name, step] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const ok = step();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok, seconds });
  // .ci/run collects every phase's seconds into one summary at the end of the run.
  if (process.env.TEST_TIMINGS_FILE)
    appendFileSync(process.env.TEST_TIMINGS_FILE, `${name}\t${seconds}\t${ok ? 'ok' : 'FALLO'}\n`);
}
console.log('\nResumen:');
for (const { name, ok, seconds } of results)
  console.log(`  ${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
