// logistica.md §10: the transport albarán list (page of 20, without and with searchTerm) and a
// detail over ten years at three times the expected volume (BENCH_ESCALA=0.1 for a tenth),
// beside the same page read straight on the database.
// BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (an empty, migrated database).
// Each request prints its CPU per request (load generator, API with PGlite, PostgreSQL) and what
// the p95 target asks of this machine (lib/cpu.ts, as the suppliers case does).
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { seedVolumenLogistica, volumenLogistica } from '@tvsistema/api/tools';
import { diaEnMadrid } from '@tvsistema/domain/format';
import { createBenchTarget, openBenchDatabase, startBenchApi } from '../lib/bench-api.js';
import { capacityOf, cpuMeter } from '../lib/cpu.js';
import { loadTest } from '../lib/load.js';
import { compararCasosConPgbench, recordarRutas } from '../lib/pgbench.js';
import { printTable, summarize, timeSamples } from '../lib/stats.js';

/** The §10 targets: p95 in ms on PGlite (10 connections) and PostgreSQL (50). */
const OBJETIVO = {
  lista: { pglite: 50, postgres: 25 },
  busqueda: { pglite: 80, postgres: 40 },
  detalle: { pglite: 30, postgres: 15 },
} as const;

export const run = async (): Promise<void> => {
  const escala = Number(process.env.BENCH_ESCALA ?? 1);
  const target = await createBenchTarget(process.env.BENCH_DATABASE_URL || undefined);
  const database = await openBenchDatabase(target);
  const volumen = volumenLogistica(escala);
  const inicio = performance.now();
  await seedVolumenLogistica(database, volumen, diaEnMadrid());
  console.log(
    `Logística sembrada (${target.engine}, escala ${escala}) en ${((performance.now() - inicio) / 1000).toFixed(1)} s:`,
    JSON.stringify(volumen),
  );
  const rows = <R>(query: ReturnType<typeof sql>) =>
    database.db.execute(query).then((r) => (r as unknown as { rows: R[] }).rows);
  const ids = await rows<{ id: string }>(
    sql`select id::text from albaranes where clase = 'transporte' order by fecha desc limit 50`,
  );
  const directo = summarize(
    await timeSamples(
      () =>
        rows(
          sql`select id from albaranes where empresa = 'transporte' and clase = 'transporte' order by fecha desc, fecha_hora desc, id desc limit 20`,
        ),
      { iterations: 300 },
    ),
  );
  await database.close();

  const api = await startBenchApi(target);
  try {
    const token = await target.token('admin@tvsistema.test');
    const conexiones = target.engine === 'pglite' ? 10 : 50;
    // Each result remembers its paths: pgbench repeats their statements (PostgreSQL).
    const { load, rutasDe } = recordarRutas((paths: readonly string[], cpu = true) =>
      loadTest({
        url: api.url,
        connections: conexiones,
        duration: Number(process.env.BENCH_DURATION ?? 5),
        // PGlite's WebAssembly is compiled lazily and tiered up under the first requests.
        warmup: Number(process.env.BENCH_WARMUP ?? 5),
        headers: { authorization: `Bearer ${token}` },
        paths,
        cpu: cpu ? cpuMeter(api.pid, target.engine, target.databaseUrl) : undefined,
      }),
    );
    const casos = [
      {
        clave: 'lista',
        label: 'GET /api/albaranes/transporte (páginas y estado)',
        r: await load(
          ['', '&estado=entregado', '&page=5', '&sort=numero'].map(
            (q) => `/api/albaranes/transporte?limit=20${q}`,
          ),
        ),
      },
      {
        clave: 'busqueda',
        label: 'GET /api/albaranes/transporte?searchTerm=…',
        r: await load(
          ['at2020-0001', 'cliente transporte bench 12', 'alcudia', '1234bcd'].map(
            (q) => `/api/albaranes/transporte?searchTerm=${encodeURIComponent(q)}`,
          ),
        ),
      },
      {
        clave: 'detalle',
        label: 'GET /api/albaranes/transporte/{id}',
        r: await load(ids.map((i) => `/api/albaranes/transporte/${i.id}`)),
      },
    ] as const;
    // The machine's floor: the cheapest authenticated route (no database), same connections.
    const suelo = await load(['/api/me'], false);
    const [carga = 0] = loadavg();
    console.log(
      `${target.engine}: carga media ${carga.toFixed(1)} en ${availableParallelism()} CPU`,
    );
    printTable([
      ...casos.map(({ label, r: { cpu: _cpu, ...r } }) => ({
        label: `${label} (${conexiones} conexiones, ${target.engine})`,
        ...r,
      })),
      { label: `suelo: GET /api/me (${conexiones} conexiones, sin base de datos)`, ...suelo },
      { label: `Página de 20, directo (${target.engine})`, ...directo },
    ]);
    for (const c of casos) {
      const objetivo = OBJETIVO[c.clave][target.engine];
      console.log(
        `${c.label}: p95 ${c.r.p95.toFixed(1)} ms, objetivo ≤ ${objetivo} → ${c.r.p95 <= objetivo ? 'cumplido' : 'NO cumplido'}${c.r.errors ? ` (${c.r.errors} errores)` : ''}`,
      );
      if (c.r.cpu)
        console.log(
          `  ${cpuPorPeticion(target.engine, capacityOf(c.r.cpu, c.r.n, conexiones, objetivo))}`,
        );
    }
    await compararCasosConPgbench(
      target,
      casos.map((c) => ({ label: c.label, paths: rutasDe(c.r), r: c.r })),
      { connections: conexiones },
    );
  } finally {
    await api.close();
    await target.dispose();
  }
};

/** The CPU per request of a run, and what its p95 target asks of this machine (Little's law). */
const cpuPorPeticion = (engine: 'pglite' | 'postgres', capacity: ReturnType<typeof capacityOf>) => {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const porSegundo = (value: number) => Math.round(value).toLocaleString('es-ES');
  return (
    `CPU por petición: generador ${ms(capacity.generatorMs)}, ` +
    (engine === 'postgres'
      ? `API ${ms(capacity.apiMs)}, PostgreSQL ${ms(capacity.databaseMs)}; `
      : `API con PGlite dentro ${ms(capacity.apiMs)}; `) +
    `total ${ms(capacity.cpuPerRequestMs)}. Caben ≈ ${porSegundo(capacity.maxRequestsPerSecond)} ` +
    `peticiones/s; el objetivo de p95 pide al menos ${porSegundo(capacity.neededRequestsPerSecond)}.`
  );
};
