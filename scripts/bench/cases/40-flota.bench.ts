// flota-obras.md §10: the fleet list (with its due-date filter), the due dates, a vehicle and an
// odometer reading over ten years at ten times the fleet (BENCH_ESCALA=0.1 for a tenth), beside
// the same vehicles read straight on the database in the same run.
// BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (an empty, migrated database).
import { sql } from 'drizzle-orm';
import { refrescarVencimientosFlota, seedVolumenFlota, volumenFlota } from '@tvsistema/api/tools';
import { diaEnMadrid } from '@tvsistema/domain/format';
import { availableParallelism, loadavg } from 'node:os';
import { createBenchTarget, openBenchDatabase, startBenchApi } from '../lib/bench-api.js';
import { capacityLine, capacityOf, cpuMeter } from '../lib/cpu.js';
import { loadTest } from '../lib/load.js';
import { compararCasosConPgbench } from '../lib/pgbench.js';
import { printTable, summarize, timeSamples } from '../lib/stats.js';

/** The §10 targets: p95 in ms on PGlite (10 connections) and PostgreSQL (50). */
const OBJETIVO = {
  lista: { pglite: 40, postgres: 20 },
  vencimientos: { pglite: 40, postgres: 20 },
  ficha: { pglite: 30, postgres: 15 },
  kilometraje: { pglite: 60, postgres: 30 },
} as const;

/** Where the CPU of a case went per request, and what its p95 target asks of this machine. */
const printCapacity = (engine: 'pglite' | 'postgres', capacity: ReturnType<typeof capacityOf>) =>
  console.log(`  ${capacityLine(engine, capacity)}`);

export const run = async (): Promise<void> => {
  const escala = Number(process.env.BENCH_ESCALA ?? 1);
  const hoy = diaEnMadrid();
  const target = await createBenchTarget(process.env.BENCH_DATABASE_URL || undefined);
  const database = await openBenchDatabase(target);
  const volumen = volumenFlota(escala);
  const rows = <R>(query: ReturnType<typeof sql>) =>
    database.db.execute(query).then((r) => (r as unknown as { rows: R[] }).rows);
  // A PostgreSQL database that already holds a fleet (a copy of a seeded one, to measure a change
  // on the same data: the seed takes minutes at scale 1) is measured as it is.
  const [sembrada] = await rows<{ n: number }>(sql`select count(*)::int as n from camiones`);
  const inicio = performance.now();
  if ((sembrada?.n ?? 0) > 0)
    console.log(`Flota ya sembrada (${target.engine}): ${sembrada?.n} vehículos`);
  else {
    await seedVolumenFlota(database, volumen, hoy);
    // The stored due items (§10), as every write through the services keeps them.
    await refrescarVencimientosFlota(database, hoy);
    // As autovacuum leaves the tables in service: the refresh rewrote every vehicle row (1,010
    // dead of 1,200 at scale 1) and the planner's statistics were of the seed's first rows.
    await database.db.execute(sql`vacuum analyze`);
    console.log(
      `Flota sembrada (${target.engine}, escala ${escala}) en ${((performance.now() - inicio) / 1000).toFixed(1)} s:`,
      JSON.stringify(volumen),
    );
  }
  const camiones = await rows<{ id: string; km: number }>(
    sql`select id::text, km_actual as km from camiones where estado = 'activo' order by matricula limit 50`,
  );
  const directo = summarize(
    await timeSamples(
      () =>
        rows(
          sql`select id from camiones where estado <> 'baja' and itv_hasta <= current_date + 30 order by matricula limit 10`,
        ),
      { iterations: 300 },
    ),
  );
  await database.close();

  const api = await startBenchApi(target);
  try {
    const token = await target.token('admin@tvsistema.test');
    const conexiones = target.engine === 'pglite' ? 10 : 50;
    const load = (paths: readonly string[], body?: string) =>
      loadTest({
        url: api.url,
        connections: conexiones,
        duration: 5,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        paths,
        body,
        cpu: cpuMeter(api.pid, target.engine, target.databaseUrl),
      });
    // BENCH_SOLO=<texto> measures only the requests whose label contains it (while tuning one).
    const solo = process.env.BENCH_SOLO?.toLowerCase();
    const pedidos = [
      {
        clave: 'lista',
        label: 'GET /api/camiones (búsqueda, página 10)',
        paths: ['1001', 'marca 3', 'modelo 11', 'bnc'].map(
          (q) => `/api/camiones?searchTerm=${encodeURIComponent(q)}`,
        ),
      },
      {
        clave: 'lista',
        label: 'GET /api/camiones?vencimientos=30',
        paths: ['/api/camiones?vencimientos=30&estado=activo,en_taller'],
      },
      {
        clave: 'vencimientos',
        label: 'GET /api/camiones/vencimientos?dias=30',
        paths: ['/api/camiones/vencimientos?dias=30'],
      },
      {
        clave: 'ficha',
        label: 'GET /api/camiones/{id}',
        paths: camiones.map((c) => `/api/camiones/${c.id}`),
      },
      {
        clave: 'kilometraje',
        // Ten vehicles (one would serialise every request on its row lock); the same day and km
        // as each one's latest reading, so every request is a valid new reading.
        label: 'POST /api/camiones/{id}/kilometraje',
        paths: camiones.slice(0, 10).map((c) => `/api/camiones/${c.id}/kilometraje`),
        body: JSON.stringify({ fecha: hoy, km: camiones[0]?.km ?? 0 }),
      },
    ] as const;
    const casos: {
      clave: (typeof pedidos)[number]['clave'];
      label: string;
      paths: readonly string[];
      body?: string;
      r: Awaited<ReturnType<typeof load>>;
    }[] = [];
    for (const p of pedidos) {
      if (solo && !p.label.toLowerCase().includes(solo)) continue;
      const body = 'body' in p ? p.body : undefined;
      casos.push({ ...p, r: await load(p.paths, body) });
    }
    printTable([
      ...casos.map(({ label, r: { cpu: _cpu, ...r } }) => ({
        label: `${label} (${conexiones} conexiones, ${target.engine})`,
        ...r,
      })),
      { label: `ITV en 30 días, directo (${target.engine})`, ...directo },
    ]);
    const [carga = 0] = loadavg();
    console.log(`Carga media ${carga.toFixed(1)} en ${availableParallelism()} CPU.`);
    for (const c of casos) {
      const objetivo = OBJETIVO[c.clave][target.engine];
      console.log(
        `${c.label}: p95 ${c.r.p95.toFixed(1)} ms, objetivo ≤ ${objetivo} → ${c.r.p95 <= objetivo ? 'cumplido' : 'NO cumplido'}${c.r.errors ? ` (${c.r.errors} errores)` : ''}`,
      );
      if (c.r.cpu) printCapacity(target.engine, capacityOf(c.r.cpu, c.r.n, conexiones, objetivo));
    }
    await compararCasosConPgbench(target, casos, { connections: conexiones });
  } finally {
    await api.close();
    await target.dispose();
  }
};
