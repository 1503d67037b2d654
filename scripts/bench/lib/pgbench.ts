// DESIGN decision 12 and issue 13: on PostgreSQL a list's speed is judged against the database's
// own limit, measured in the same run. The API is asked each request of the mix once while it
// writes down the statements it sends (captura-sql.ts); pgbench, PostgreSQL's own load tool, then
// sends exactly those statements, request by request, at the same concurrency, and the two are
// printed side by side with their ratios: API throughput ≥ 0.9 × pgbench's, API p95 ≤ 1.25 ×.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchApi, type BenchTarget } from './bench-api.js';
import { backendPids, pollingCpuMeter, type CpuSplit } from './cpu.js';
import type { LoadResult } from './load.js';
import {
  ARGUMENTOS_GUION,
  guionPgbench,
  latenciasDelLog,
  type SentenciaCapturada,
} from './pgbench-guion.js';
import { printTable, summarize, type Summary } from './stats.js';

/** Issue 13's targets, same run, same concurrency. */
export const OBJETIVO_PGBENCH = { rendimiento: 0.9, p95: 1.25 } as const;

/**
 * Each request's statements, in order, as the API sends them. Every path is asked twice, one at a
 * time: the first pass opens the pool's connections and fills the API's caches, the second is kept.
 */
export const capturarMezcla = async (
  target: BenchTarget,
  paths: readonly string[],
  { body, email = 'admin@tvsistema.test' }: { body?: string; email?: string } = {},
): Promise<SentenciaCapturada[][]> => {
  const dir = await mkdtemp(join(tmpdir(), 'tvsistema-captura-'));
  const file = join(dir, 'sentencias.jsonl');
  await writeFile(file, '');
  const api = await startBenchApi(target, { BENCH_SQL_LOG: file });
  try {
    const token = await target.token(email);
    const ask = async (path: string) => {
      const response = await fetch(`${api.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body }),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path}: ${response.status} durante la captura`);
    };
    for (const path of paths) await ask(path);
    const mezcla: SentenciaCapturada[][] = [];
    for (const path of paths) {
      const { size: antes } = await stat(file);
      await ask(path);
      const nuevas = (await readFile(file)).subarray(antes).toString('utf8');
      mezcla.push(
        nuevas
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as SentenciaCapturada),
      );
    }
    return mezcla;
  } finally {
    await api.close();
    await rm(dir, { recursive: true, force: true });
  }
};

export type PgbenchResult = Summary & {
  tps: number;
  fallidas: number;
  /** CPU per transaction of pgbench and PostgreSQL, ms. */
  cpuPorTransaccion: number;
};

/** Runs pgbench; `onStart` gets its pid once it is running. Resolves with what it printed. */
const pgbench = (args: readonly string[], onStart?: (pid: number) => void) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn('pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid !== undefined) onStart?.(child.pid);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`pgbench terminó con ${code}:\n${out}`)),
    );
  });

/**
 * pgbench over the mix: `connections` clients, a warm-up, then `duration` seconds logged
 * transaction by transaction for the percentiles.
 */
export const ejecutarPgbench = async ({
  databaseUrl,
  mezcla,
  connections,
  duration,
  // Long enough for every connection to plan each statement of the mix at least once.
  warmup = 5,
}: {
  databaseUrl: string;
  mezcla: readonly (readonly SentenciaCapturada[])[];
  connections: number;
  duration: number;
  warmup?: number;
}): Promise<PgbenchResult> => {
  const dir = await mkdtemp(join(tmpdir(), 'tvsistema-pgbench-'));
  try {
    const script = join(dir, 'mezcla.sql');
    const guion = guionPgbench(mezcla);
    await writeFile(script, guion);
    // BENCH_PGBENCH_GUION=<dir> keeps each script to read or run by hand (pgbench -f).
    const guardar = process.env.BENCH_PGBENCH_GUION;
    if (guardar) {
      await mkdir(guardar, { recursive: true });
      const nombre = join(guardar, `mezcla-${Date.now()}.sql`);
      await writeFile(nombre, guion);
      console.log(`  guion de pgbench: ${nombre}`);
    }
    const common = [
      '-n',
      ...ARGUMENTOS_GUION,
      '-c',
      String(connections),
      '-j',
      String(Math.min(connections, availableParallelism())),
      '-f',
      script,
    ];
    // One run: the warm-up first, then the measured window. A second run would open new
    // connections whose first statements plan with cold catalog caches (65 ms for the first plan
    // of a list on a new backend), which the API's long-lived pool never pays.
    const database = new URL(databaseUrl).pathname.slice(1);
    let pgbenchPid = 0;
    let meter: ReturnType<typeof pollingCpuMeter> | undefined;
    const desde = Date.now() + warmup * 1000;
    // pgbench itself and its connections' backends (the meter reads them while they live).
    const medir = setTimeout(() => {
      meter = pollingCpuMeter(() => [
        ...backendPids(database),
        ...(pgbenchPid ? [pgbenchPid] : []),
      ]);
    }, warmup * 1000);
    let salida: string;
    try {
      salida = await pgbench(
        [
          ...common,
          '-T',
          String(warmup + duration),
          '-l',
          `--log-prefix=${join(dir, 'tx')}`,
          databaseUrl,
        ],
        (pid) => (pgbenchPid = pid),
      );
    } finally {
      clearTimeout(medir);
    }
    const cpuMs = meter?.stop() ?? Number.NaN;
    const logs = (await readdir(dir)).filter((name) => name.startsWith('tx'));
    const latencias = (
      await Promise.all(logs.map((name) => readFile(join(dir, name), 'utf8')))
    ).flatMap((log) => latenciasDelLog(log, desde));
    const tps = latencias.length / duration;
    const fallidas = Number(/number of failed transactions: (\d+)/.exec(salida)?.[1] ?? 0);
    return {
      ...summarize(latencias),
      tps,
      fallidas,
      cpuPorTransaccion: cpuMs / latencias.length,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

const veces = (value: number) => `${value.toFixed(2)} ×`;

/**
 * Runs pgbench on a captured mix and prints it beside the API's run of the same paths at the same
 * concurrency, with the ratios and their verdicts; `apiCpuMs` is the API run's CPU per request
 * (load generator + API + PostgreSQL), when measured.
 */
const compararSobreMezcla = async ({
  target,
  mezcla,
  connections,
  duration,
  api,
  apiCpuMs,
  label,
}: {
  target: BenchTarget;
  mezcla: readonly (readonly SentenciaCapturada[])[];
  connections: number;
  duration: number;
  api: LoadResult;
  apiCpuMs?: number | undefined;
  label: string;
}): Promise<{ pgbench: PgbenchResult; rendimiento: number; p95: number }> => {
  if (!target.databaseUrl) throw new Error('pgbench solo mide PostgreSQL');
  const sentencias = mezcla.reduce((sum, request) => sum + request.length, 0);
  const result = await ejecutarPgbench({
    databaseUrl: target.databaseUrl,
    mezcla,
    connections,
    duration,
  });
  const rendimiento = api.rps / result.tps;
  const p95 = api.p95 / result.p95;
  // Only the figures: a run's CPU split (an object) is summed up below.
  const { cpu: _cpu, ...figuras } = api as LoadResult & { cpu?: unknown };
  printTable([
    { label: `${label} (API, HTTP, ${connections} conexiones)`, ...figuras },
    {
      label: `mismas sentencias con pgbench (${mezcla.length} peticiones, ${sentencias} sentencias, ${connections} conexiones)`,
      ...result,
      rps: result.tps,
      errors: result.fallidas,
    },
  ]);
  const cumple = (ok: boolean) => (ok ? 'cumplido' : 'NO cumplido');
  console.log(
    `  API / pgbench: rendimiento ${veces(rendimiento)} (objetivo ≥ ${OBJETIVO_PGBENCH.rendimiento}: ` +
      `${cumple(rendimiento >= OBJETIVO_PGBENCH.rendimiento)}), p95 ${veces(p95)} (objetivo ≤ ` +
      `${OBJETIVO_PGBENCH.p95}: ${cumple(p95 <= OBJETIVO_PGBENCH.p95)})`,
  );
  if (apiCpuMs !== undefined) {
    // With every core busy in both runs, throughput is cores / CPU per request: the ratio of
    // their CPU costs is the most the API can reach against pgbench on this machine.
    const techo = result.cpuPorTransaccion / apiCpuMs;
    console.log(
      `  CPU por petición: API ${apiCpuMs.toFixed(2)} ms (generador + API + PostgreSQL), pgbench ` +
        `${result.cpuPorTransaccion.toFixed(2)} ms por transacción (pgbench + PostgreSQL): con los ` +
        `${availableParallelism()} núcleos compartidos, la API llega como mucho a ${veces(techo)} ` +
        `el rendimiento de pgbench.`,
    );
  }
  return { pgbench: result, rendimiento, p95 };
};

/** Captures the paths' statements through the API, then compararSobreMezcla. */
export const compararConPgbench = async ({
  target,
  paths,
  body,
  ...rest
}: {
  target: BenchTarget;
  paths: readonly string[];
  body?: string;
  connections: number;
  duration: number;
  api: LoadResult;
  apiCpuMs?: number | undefined;
  label: string;
}) =>
  compararSobreMezcla({
    target,
    mezcla: await capturarMezcla(target, paths, body === undefined ? {} : { body }),
    ...rest,
  });

/** A statement that writes: replaying it would change the data or fail on a constraint. */
const escribe = (texto: string) =>
  /^\s*(insert|update|delete|merge)\b/i.test(texto) ||
  /\bfor\s+(no\s+key\s+)?update\b/i.test(texto);

/**
 * The module cases (DESIGN decision 12): every read case measured through the API is compared
 * with pgbench on its own statements, one after another; a case whose requests write is skipped
 * (pgbench would replay the same rows) and says so. PostgreSQL only.
 */
export const compararCasosConPgbench = async (
  target: BenchTarget,
  casos: readonly {
    label: string;
    paths: readonly string[];
    body?: string | undefined;
    /** The API's run of these paths, with the CPU it measured (load generator, API, PostgreSQL). */
    r: LoadResult & { cpu?: CpuSplit | undefined };
  }[],
  { connections, duration = 5 }: { connections: number; duration?: number },
): Promise<void> => {
  if (target.engine !== 'postgres' || !target.databaseUrl) return;
  console.log(
    `\nLímite de la propia base de datos (decisión 12 de DESIGN): las sentencias de cada caso con pgbench, ${connections} conexiones.`,
  );
  const resumen: { label: string; rendimiento: string; latenciaP95: string; veredicto: string }[] =
    [];
  for (const caso of casos) {
    if (caso.r.n === 0) {
      console.log(`${caso.label}: la API no respondió dentro de la ventana; nada que comparar.`);
      resumen.push({
        label: caso.label,
        rendimiento: '0 ×',
        latenciaP95: '—',
        veredicto: 'NO cumplido',
      });
      continue;
    }
    const mezcla = await capturarMezcla(
      target,
      caso.paths,
      caso.body === undefined ? {} : { body: caso.body },
    );
    if (mezcla.flat().some((sentencia) => escribe(sentencia.texto))) {
      console.log(`${caso.label}: escribe en la base de datos; pgbench no lo repite.`);
      continue;
    }
    const medido = await compararSobreMezcla({
      target,
      mezcla,
      connections,
      duration,
      api: caso.r,
      apiCpuMs: caso.r.cpu
        ? (caso.r.cpu.generator + caso.r.cpu.api + caso.r.cpu.database) / caso.r.n
        : undefined,
      label: caso.label,
    });
    resumen.push({
      label: caso.label,
      rendimiento: veces(medido.rendimiento),
      latenciaP95: veces(medido.p95),
      veredicto:
        medido.rendimiento >= OBJETIVO_PGBENCH.rendimiento && medido.p95 <= OBJETIVO_PGBENCH.p95
          ? 'cumplido'
          : 'NO cumplido',
    });
  }
  if (resumen.length > 0) {
    console.log(
      `\nAPI / pgbench (objetivo: rendimiento ≥ ${OBJETIVO_PGBENCH.rendimiento} ×, p95 ≤ ${OBJETIVO_PGBENCH.p95} ×):`,
    );
    printTable(resumen);
  }
};

/**
 * Wraps a case's load function so that each result remembers the paths it ran, for the cases
 * written as `{ label, r: await load(paths) }`.
 */
export const recordarRutas = <A extends unknown[], R extends object>(
  load: (paths: readonly string[], ...rest: A) => Promise<R>,
) => {
  const rutas = new WeakMap<R, readonly string[]>();
  return {
    load: async (paths: readonly string[], ...rest: A): Promise<R> => {
      const result = await load(paths, ...rest);
      rutas.set(result, paths);
      return result;
    },
    rutasDe: (result: R): readonly string[] => rutas.get(result) ?? [],
  };
};
