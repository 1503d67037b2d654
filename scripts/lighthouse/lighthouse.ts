// `npm run lighthouse` (issue 13): builds the SPA, starts the product on free ports (as the e2e
// journeys do), runs Lighthouse in Debian's Chromium on the signed-out selection page and, signed
// in with a demo account, on the supplier list; mobile and desktop presets, cold HTTP cache.
// Prints the four category scores and the layout shift of each run (LIGHTHOUSE_RUNS=n: n runs of
// each and their median, marked "~"). Not part of `npm test`:
// Lighthouse (a sixth of the whole install) is installed here on first use (run.mjs).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse from 'lighthouse';
import { STORAGE_KEYS } from '@tvsistema/domain';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEMO = { email: 'admin@tvsistema.test', password: 'demo1234' } as const;
/** The system whose supplier list is audited signed in. */
const SYSTEM = 'alquileres';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The product's users run Spanish browsers: the native date and time inputs follow the
  // browser's language, not the page's `lang` (decision 0047's revision).
  '--lang=es-ES',
];

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

const waitForHealth = async (url: string, server: ChildProcess) => {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`npm start terminó (${server.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} no respondió a tiempo`);
};

const startProduct = async (port: number, idpPort: number, dataDir: string) => {
  const server = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      IDP_PORT: String(idpPort),
      DATA_DIR: dataDir,
      AUTH_DOMAIN: '',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
    },
  });
  await waitForHealth(`http://localhost:${port}/api/health`, server);
  return server;
};

/** Signs in through the selection page and the provider's login form, like a person. */
const signIn = async (context: BrowserContext, base: string) => {
  const page = await context.newPage();
  await page.goto(`${base}/select-system`);
  await page.getByRole('group', { name: 'Sistemas' }).getByRole('button').first().click();
  await page.getByLabel('Correo electrónico', { exact: true }).fill(DEMO.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await page.waitForURL((url) => url.origin === base && url.pathname !== '/callback');
  await page.goto(`${base}/proveedores`);
  await page.getByRole('heading', { name: /Gestión de Proveedores/ }).waitFor();
  await page.close();
};

type Row = {
  page: string;
  preset: string;
  scores: Record<string, number>;
  cls: number;
  /** First and largest contentful paint (s) and total blocking time (ms): what moved the score. */
  fcp: number;
  lcp: number;
  tbt: number;
};

const reportsWritten = new Map<string, number>();

const audit = async (
  context: BrowserContext,
  debuggingPort: number,
  url: string,
  preset: 'mobile' | 'desktop',
  keepSession: boolean,
): Promise<Row> => {
  // A cold HTTP cache for every run; the session (localStorage) is kept for the signed-in page.
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  if (keepSession) {
    // The current system lives in the tab's session storage (SPEC 4.2), and Lighthouse audits in
    // a tab of its own: without one the list redirects to /select-system and the figures would be
    // that page's. The legacy local-storage key (SPEC 3) is what a new tab adopts at start.
    await page.goto(new URL('/favicon.svg', url).href);
    await page.evaluate(([key, system]) => globalThis.localStorage.setItem(key, system), [
      STORAGE_KEYS.legacySelectedSystem,
      SYSTEM,
    ] as const);
  }
  await page.close();
  const result = await lighthouse(
    url,
    {
      port: debuggingPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: keepSession,
      // With the traces kept, V8's sampling profiler too: which functions the long tasks run.
      ...(process.env.LIGHTHOUSE_TRACES === '1'
        ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
        : {}),
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse no devolvió nada para ${url}`);
  const { lhr } = result;
  // LIGHTHOUSE_JSON_DIR=dir keeps each whole report (dir/{page}-{preset}.json) to study a score.
  if (process.env.LIGHTHOUSE_JSON_DIR) {
    // Each run's own file (…-mobile.json, …-mobile-2.json, …), to compare the runs' traces.
    const stem = `${new URL(url).pathname.replaceAll('/', '') || 'raiz'}-${preset}`;
    const count = (reportsWritten.get(stem) ?? 0) + 1;
    reportsWritten.set(stem, count);
    const name = `${stem}${count > 1 ? `-${count}` : ''}.json`;
    mkdirSync(process.env.LIGHTHOUSE_JSON_DIR, { recursive: true });
    writeFileSync(join(process.env.LIGHTHOUSE_JSON_DIR, name), JSON.stringify(lhr));
    // LIGHTHOUSE_TRACES=1: the page load's trace too (…-mobile.trace.json, opens in Chromium's
    // Performance panel), for what the report only sums up (which tasks, in which order).
    if (process.env.LIGHTHOUSE_TRACES === '1') {
      writeFileSync(
        join(process.env.LIGHTHOUSE_JSON_DIR, name.replace(/\.json$/, '.trace.json')),
        JSON.stringify(result.artifacts.Trace),
      );
    }
  }
  if (lhr.runtimeError) console.error(`${url} (${preset}): ${lhr.runtimeError.message}`);
  // A redirect would audit another page under this one's name.
  if (lhr.finalDisplayedUrl !== url)
    throw new Error(`${url} (${preset}) acabó en ${lhr.finalDisplayedUrl}: no es la página pedida`);
  // What moved, when the page shifts: the elements Lighthouse blames, to fix the right one.
  const shifts = lhr.audits['layout-shifts']?.details;
  if (shifts && 'items' in shifts) {
    for (const item of shifts.items.slice(0, 3)) {
      const node = item['node'] as { selector?: string } | undefined;
      console.error(`  desplazamiento ${String(item['score'])}: ${node?.selector ?? '?'}`);
    }
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    page: new URL(url).pathname,
    preset,
    scores,
    cls: metric('cumulative-layout-shift'),
    fcp: metric('first-contentful-paint') / 1000,
    lcp: metric('largest-contentful-paint') / 1000,
    tbt: metric('total-blocking-time'),
  };
};

const main = async () => {
  // LIGHTHOUSE_SKIP_BUILD=1 audits the build there is; with WEB_DIST_DIR=dir, a build kept
  // elsewhere (two builds compared in alternating runs on a loaded machine).
  if (process.env.LIGHTHOUSE_SKIP_BUILD !== '1') {
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  // LIGHTHOUSE_RUNS=n audits each page and preset n times and prints the median too.
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1) || 1);
  // LIGHTHOUSE_PRESETS=mobile audits the phone only (twice the runs in the same time, when the
  // phone's figure is the one being compared).
  const presets = (['mobile', 'desktop'] as const).filter((preset) =>
    (process.env.LIGHTHOUSE_PRESETS ?? 'mobile,desktop').split(',').includes(preset),
  );

  // LIGHTHOUSE_PORT=n uses n, n+1 and n+2 (a range kept for one run on a shared machine).
  const first = Number(process.env.LIGHTHOUSE_PORT ?? 0);
  const [port, idpPort, debuggingPort] = first
    ? [first, first + 1, first + 2]
    : [await freePort(), await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'tvsistema-lighthouse-'));
  const userDataDir = mkdtempSync(join(tmpdir(), 'tvsistema-lighthouse-chromium-'));
  // The identity provider only accepts localhost origins (same-site cookies), never 127.0.0.1.
  const base = `http://localhost:${port}`;
  let server: ChildProcess | undefined;
  let context: BrowserContext | undefined;
  try {
    server = await startProduct(port, idpPort, dataDir);
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      locale: 'es-ES',
      args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${debuggingPort}`],
    });
    const rows: Row[] = [];
    // A first navigation of a new browser is slower (profile, caches of the browser itself): a
    // throwaway run keeps it out of the figures.
    await audit(context, debuggingPort, `${base}/select-system`, 'desktop', false);
    for (let run = 0; run < runs; run++) {
      for (const preset of presets) {
        rows.push(await audit(context, debuggingPort, `${base}/select-system`, preset, false));
      }
    }
    await signIn(context, base);
    for (let run = 0; run < runs; run++) {
      for (const preset of presets) {
        rows.push(await audit(context, debuggingPort, `${base}/proveedores`, preset, true));
      }
    }
    if (runs > 1) {
      // The median run of each page and preset, by performance score.
      for (const page of ['/select-system', '/proveedores']) {
        for (const preset of presets) {
          const same = rows
            .filter((row) => row.page === page && row.preset === preset)
            .sort((a, b) => (a.scores['performance'] ?? 0) - (b.scores['performance'] ?? 0));
          const median = same[Math.floor(same.length / 2)];
          if (median) rows.push({ ...median, preset: `${preset}~` });
        }
      }
    }
    console.log(
      '\npágina            perfil   rendimiento  accesibilidad  buenas-prácticas  seo   CLS     FCP    LCP    TBT',
    );
    for (const row of rows) {
      const s = row.scores;
      console.log(
        `${row.page.padEnd(17)} ${row.preset.padEnd(8)} ${String(s['performance']).padStart(11)} ${String(s['accessibility']).padStart(14)} ${String(s['best-practices']).padStart(17)} ${String(s['seo']).padStart(4)}   ${row.cls.toFixed(3)}  ${row.fcp.toFixed(1).padStart(4)} s ${row.lcp.toFixed(1).padStart(4)} s ${Math.round(row.tbt).toString().padStart(4)} ms`,
      );
    }
  } finally {
    await context?.close();
    if (server?.pid) {
      // The whole group: npm start runs the API and the identity provider as children.
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    rmSync(userDataDir, { recursive: true, force: true });
    // Give the server a moment to close its database before its folder goes.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
