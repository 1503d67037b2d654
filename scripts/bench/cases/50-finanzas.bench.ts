// finanzas.md §10: the invoice list (pages, filters, sorts, searches) over 100.000 issued invoices
// (BENCH_ESCALA=0.1 for a tenth). BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL.
// Each request kind prints its CPU per request and what the p95 target asks of this machine
// (lib/cpu.ts, as the suppliers case does), beside the /api/me floor.
import { availableParallelism, loadavg } from 'node:os';
import { seedVolumenFinanzas, volumenFinanzas } from '@tvsistema/api/tools';
import { createBenchTarget, openBenchDatabase, startBenchApi } from '../lib/bench-api.js';
import { capacityOf, cpuMeter } from '../lib/cpu.js';
import { loadTest } from '../lib/load.js';
import { compararCasosConPgbench, recordarRutas } from '../lib/pgbench.js';
import { printTable } from '../lib/stats.js';

const HOY = '2026-11-23';
const OBJETIVO = { pglite: 50, postgres: 25 } as const;

export const run = async (): Promise<void> => {
  const escala = Number(process.env.BENCH_ESCALA ?? 1);
  const target = await createBenchTarget(process.env.BENCH_DATABASE_URL || undefined);
  const database = await openBenchDatabase(target);
  const volumen = volumenFinanzas(escala);
  const inicio = performance.now();
  await seedVolumenFinanzas(database, volumen, HOY);
  console.log(
    `Finanzas sembrado (${target.engine}, escala ${escala}) en ${((performance.now() - inicio) / 1000).toFixed(1)} s:`,
    JSON.stringify(volumen),
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
        label: 'GET /api/facturas (páginas y órdenes)',
        r: await load(
          ['-fecha', 'numero', '-total', 'vencimiento', '-pendiente'].map(
            (sort, i) => `/api/facturas?empresa=alquileres&sort=${sort}&page=${1 + i}`,
          ),
        ),
      },
      {
        label: 'GET /api/facturas (vencidas, búsquedas)',
        r: await load([
          '/api/facturas?empresa=alquileres&estado=vencida',
          '/api/facturas?empresa=alquileres&searchTerm=cliente%20factura%2012',
          '/api/facturas?empresa=alquileres&searchTerm=f2024',
        ]),
      },
    ];
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
    ]);
    for (const c of casos) {
      const objetivo = OBJETIVO[target.engine];
      console.log(
        `${c.label}: p95 ${c.r.p95.toFixed(1)} ms, objetivo ≤ ${objetivo} → ${c.r.p95 <= objetivo ? 'cumplido' : 'NO cumplido'}${c.r.errors ? ` (${c.r.errors} errores)` : ''}`,
      );
      if (c.r.cpu) {
        const k = capacityOf(c.r.cpu, c.r.n, conexiones, objetivo);
        console.log(
          `  CPU por petición: generador ${k.generatorMs.toFixed(2)} ms, ` +
            (target.engine === 'postgres'
              ? `API ${k.apiMs.toFixed(2)} ms, PostgreSQL ${k.databaseMs.toFixed(2)} ms; `
              : `API con PGlite dentro ${k.apiMs.toFixed(2)} ms; `) +
            `total ${k.cpuPerRequestMs.toFixed(2)} ms. Caben ≈ ${Math.round(k.maxRequestsPerSecond)} ` +
            `peticiones/s; el objetivo de p95 pide al menos ${Math.round(k.neededRequestsPerSecond)}.`,
        );
      }
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
