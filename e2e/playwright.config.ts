import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// Overridable so several checkouts can run their journeys side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? PORT + 1);
const baseURL = `http://localhost:${PORT}`;

// Playwright evaluates this file again in every worker; the variable, inherited by the workers,
// keeps that to one fresh data directory (database, provider keys) per run. The sign-ins saved
// by the last run are signed by keys that no longer exist: they go with it, so a run can only
// use the states its own setup project writes.
if (!process.env.TVSISTEMA_E2E_DATA_DIR) {
  rmSync(fileURLToPath(new URL('.auth', import.meta.url)), { recursive: true, force: true });
  process.env.TVSISTEMA_E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'tvsistema-e2e-'));
}
const dataDir = process.env.TVSISTEMA_E2E_DATA_DIR;

// Debian's Chromium: Playwright never downloads a browser here. Its old headless shell (package
// chromium-headless-shell, what Playwright itself runs headless) when installed: on the 2-core CI
// machine the journeys took 647 s in the full browser's headless mode and 331 s in the shell
// (docs/decisions/0038-e2e-headless-shell.md).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The GPU process's work (software compositing) in the browser process: one process less
      // per worker; the whole run measured 331 → 325 s (decision 0038).
      '--in-process-gpu',
    ],
  },
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // Two workers: the journeys mostly wait on the browser and the server, so the second core works
  // (alone, 5.3 → 3.9 min on the slower machine of 27 Nov 2026). The axe tour is split into
  // groups of screens that share the two workers, so no single test runs long beside CI's
  // PostgreSQL pass. E2E_WORKERS=1 runs one file at a time; `npm test` runs the journeys on two
  // workers beside Vitest (docs/decisions/0040-ci-schedule.md).
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    headless: true,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    // Bootstrap drops its fades and slides for users who ask for less motion: modals and
    // offcanvas menus then open and close at once instead of after 150–300 ms each, which the
    // journeys (and the axe tour, which waits for every transition) would otherwise wait out.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // Recording a trace for every test made the run about 30 % slower (docs/decisions/0014). CI
    // traces the retry of a failed test; locally, pass `--trace retain-on-failure` when needed.
    trace: process.env.CI ? 'on-first-retry' : 'off',
  },
  projects: [
    // Signs in once per demo account the specs reuse and saves e2e/.auth/{account}.json
    // (docs/decisions/0014), the accounts side by side in one test.
    { name: 'setup', testMatch: /auth\.setup\.ts$/, use: chromium },
    { name: 'chromium', dependencies: ['setup'], testIgnore: /movil\//, use: chromium },
    // The main journeys on a phone (issue 14): 390 × 844, touch, a coarse pointer.
    {
      name: 'movil',
      dependencies: ['setup'],
      testMatch: /movil\/.*\.spec\.ts$/,
      use: {
        ...chromium,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    // `npm start` with the database copied from a prepared template (server/web-server.mjs).
    command: 'node e2e/server/web-server.mjs',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // The first start may build the SPA.
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // A clean stop, so the server closes its database and removes the run's data dir.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(PORT),
      IDP_PORT: String(IDP_PORT),
      DATA_DIR: dataDir,
      // Always the embedded provider and database, whatever the developer's shell exports.
      AUTH_DOMAIN: '',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Journeys make their own data; the demo world would only slow the start (and they must
      // never depend on it).
      DEMO_DATA: 'false',
      // Every journey signs in from 127.0.0.1: the per-address limit (600 a minute) would otherwise
      // answer 429 to a later test's page load. The limit itself is covered by the API tests.
      RATE_LIMIT_MAX: '100000',
    },
  },
});
