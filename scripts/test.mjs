// `npm test`: lint, typecheck, unit tests, API tests against a real database (PGlite, or
// PostgreSQL when TEST_DATABASE_URL is set) and end-to-end tests in Debian's Chromium.
// Every step runs even if an earlier one failed, so one run reports everything; the exit code
// is non-zero when any step failed. ESLint runs on one core while the type check and oxfmt run on the other,
// each printing its output when it ends.
import { appendFileSync, existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
// The journeys' browser (e2e/playwright.config.ts): CHROMIUM_PATH, else Debian's old headless
// shell, else Debian's full Chromium.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';

const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
    .status === 0;

/** Runs a command with its output held back, and prints that output in one piece when it ends. */
const runQuietly = (command, args, env = {}) =>
  new Promise((done) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      done(code === 0);
    });
  });

// No test tool downloads a browser: the end-to-end tests use Debian's packages. The headless shell
// runs the journeys in about half the time of the full browser (docs/decisions/0038).
const ensureChromium = () => {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return true;
    console.error(`Falta el navegador de CHROMIUM_PATH: ${process.env.CHROMIUM_PATH}.`);
    return false;
  }
  if (existsSync(HEADLESS_SHELL)) return true;
  if (process.getuid?.() !== 0) {
    if (existsSync(FULL_CHROMIUM)) return true;
    console.error(
      'Falta Chromium. Instálalo con: sudo apt-get install -y chromium-headless-shell (o define CHROMIUM_PATH).',
    );
    return false;
  }
  console.log('Instalando chromium-headless-shell desde los paquetes de Debian…');
  return (
    (run('apt-get', ['update', '-qq']) &&
      run(
        'apt-get',
        ['install', '-y', '-qq', '--no-install-recommends', 'chromium-headless-shell'],
        {
          DEBIAN_FRONTEND: 'noninteractive',
        },
      )) ||
    existsSync(FULL_CHROMIUM)
  );
};

const results = [];
const record = (name, ok, started) => {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok, seconds });
  // .ci/run collects every phase's seconds into one summary at the end of the run.
  if (process.env.TEST_TIMINGS_FILE)
    appendFileSync(process.env.TEST_TIMINGS_FILE, `${name}\t${seconds}\t${ok ? 'ok' : 'FALLO'}\n`);
};

const timed = async (name, step) => {
  const started = Date.now();
  const ok = await step();
  record(name, ok, started);
};

// ESLint takes the longest (about 75 s on the 2-core machine). The type check, oxfmt and then
// what the tests would otherwise prepare while a core waits share the other core: the PGlite test
// images of the API files, the journeys' database template and their SPA build. Beside Vitest
// both cores are full, so what is built here is CPU the next phase does not need
// (docs/decisions/0040-ci-schedule.md).
const overlap = process.env.TEST_SCHEDULE !== 'serial';
const chromiumReady = ensureChromium();
console.log("\n▶ lint ‖ typecheck, format, then the tests' preparation (side by side)");
await Promise.all([
  timed('lint', () => runQuietly('npm', ['run', 'lint'])),
  (async () => {
    await timed('typecheck', () => runQuietly('npm', ['run', 'typecheck']));
    await timed('format', () => runQuietly('npm', ['run', 'format:check']));
    await timed('preparación de las pruebas', async () => {
      const images = await runQuietly('node', [
        '--import',
        'tsx',
        'apps/api/test/setup/prepare-images.ts',
      ]);
      return (await runQuietly('node', ['e2e/server/prepare.mjs'])) && images;
    });
  })(),
]);

// With TEST_DATABASE_URL (CI sets it when PostgreSQL answers) the API tests run on PostgreSQL, the
// production database, and the files about PGlite's own paths on PGlite, in the same Vitest run
// (vitest.config.ts, docs/decisions/0033-one-api-pass.md).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const vitestTitle = `unit + API tests${onPostgres ? ' (API en PostgreSQL; lo propio de PGlite, en PGlite)' : ''}`;
const vitest = () => run('npx', ['vitest', 'run']);
const e2e = async () => chromiumReady && run('npm', ['run', 'test:e2e']);

// Vitest (two workers) beside the journeys (two workers): each alone leaves a core waiting part of
// the time, and together they fill it. With the screen tests in happy-dom Vitest got lighter, and
// one journey worker became the longer of the two: on 28 November 2026 (2-core machine, this
// phase alone) Vitest ‖ one journey worker took 435 s, Vitest ‖ two 406 s (decision 0040).
// TEST_SCHEDULE=serial runs one after the other; E2E_WORKERS overrides the journeys' workers.
if (overlap) {
  console.log(`\n▶ ${vitestTitle} ‖ end-to-end tests`);
  await Promise.all([
    timed('unit + API tests', () => runQuietly('npx', ['vitest', 'run'])),
    timed('end-to-end tests', async () => chromiumReady && runQuietly('npm', ['run', 'test:e2e'])),
  ]);
} else {
  console.log(`\n▶ ${vitestTitle}`);
  await timed('unit + API tests', vitest);
  console.log('\n▶ end-to-end tests');
  await timed('end-to-end tests', e2e);
}

console.log('\nResumen:');
for (const { name, ok, seconds } of results)
  console.log(`  ${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
