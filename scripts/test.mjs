// `npm test`: lint, typecheck, unit tests, API tests against a real database (PGlite, or
// PostgreSQL when TEST_DATABASE_URL is set) and end-to-end tests in Debian's Chromium.
// Every step runs even if an earlier one failed, so one run reports everything; the exit code
// is non-zero when any step failed. Lint and the type check are single-threaded, so they run side
// by side on the two cores, each printing its output when it ends.
import { appendFileSync, existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
    .status === 0;

/** Runs a command with its output shown as it comes, without blocking other steps. */
const runAlong = (command, args) =>
  new Promise((done) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env });
    child.on('close', (code) => done(code === 0));
  });

/** Runs a command with its output held back, and prints that output in one piece when it ends. */
const runQuietly = (command, args) =>
  new Promise((done) => {
    const child = spawn(command, args, { cwd: root, env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      done(code === 0);
    });
  });

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

console.log('\n▶ lint + typecheck (side by side)');
await Promise.all([
  timed(
    'lint',
    async () =>
      (await runQuietly('npm', ['run', 'lint'])) &&
      (await runQuietly('npm', ['run', 'format:check'])),
  ),
  timed('typecheck', () => runQuietly('npm', ['run', 'typecheck'])),
]);
console.log('\n▶ unit + API tests');
await timed('unit + API tests', () => run('npx', ['vitest', 'run']));

// CI_ALONGSIDE_E2E: a command to run beside the journeys (CI's PostgreSQL pass), its output held
// back until it ends so the two logs do not interleave.
const alongside = process.env.CI_ALONGSIDE_E2E;
console.log(`\n▶ end-to-end tests${alongside ? ` (y a la vez: ${alongside})` : ''}`);
await Promise.all([
  timed(
    'end-to-end tests',
    async () => ensureChromium() && (await runAlong('npm', ['run', 'test:e2e'])),
  ),
  ...(alongside
    ? [timed('API tests against PostgreSQL', () => runQuietly('bash', ['-c', alongside]))]
    : []),
]);

console.log('\nResumen:');
for (const { name, ok, seconds } of results)
  console.log(`  ${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
