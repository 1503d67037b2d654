// comercial.md §10: the rental list (pages, filters, sorts, searches), the quote list (pages,
// searches) and the calendar (8 weeks, 50 machines) over ten years of rentals (with their lines'
// movements) and quotes at twice the expected size, on inventario's volume (BENCH_ESCALA=0.1 for a
// tenth), beside the rental search run straight on the database. BENCH_DATABASE_URL=postgres://…
// runs it on PostgreSQL (an empty, migrated database); BENCH_SOLO=<texto> measures only the
// requests whose label contains it; BENCH_WARMUP=<s> sets the unmeasured start (default 2 s).
import { sql } from 'drizzle-orm';
import {
  seedVolumenComercial,
  seedVolumenComercialListas,
  seedVolumenInventario,
  volumenComercial,
  volumenInventario,
} from '@tvsistema/api/tools';
import { createBenchTarget, openBenchDatabase, startBenchApi } from '../lib/bench-api.js';
import { capacityLine, capacityOf, cpuMeter } from '../lib/cpu.js';
import { loadTest } from '../lib/load.js';
import { compararCasosConPgbench } from '../lib/pgbench.js';
import { printTable, summarize, timeSamples } from '../lib/stats.js';

const HOY = '2026-11-23';
const sumar = (fecha: string, dias: number) =>
  new Date(Date.parse(`${fecha}T00:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);

/** The §10 targets: p95 in ms on PGlite (10 connections) and PostgreSQL (50). */
const OBJETIVO = {
  lista: { pglite: 50, postgres: 25 },
  calendario: { pglite: 80, postgres: 40 },
} as const;

export const run = async (): Promise<void> => {
  const escala = Number(process.env.BENCH_ESCALA ?? 1);
  const target = await createBenchTarget(process.env.BENCH_DATABASE_URL || undefined);
  const database = await openBenchDatabase(target);
  const volumen = volumenComercial(escala);
  const inicio = performance.now();
  await seedVolumenInventario(database, volumenInventario(escala), HOY);
  await seedVolumenComercial(database, volumen, HOY);
  await seedVolumenComercialListas(database, volumen, HOY);
  console.log(
    `Comercial sembrado (${target.engine}, escala ${escala}) en ${((performance.now() - inicio) / 1000).toFixed(1)} s:`,
    JSON.stringify(volumen),
  );
  const terminos = ['a2020', 'cliente bench 12', 'obra bench 4', 'mex-0'];
  const directo = summarize(
    await timeSamples(
      (i) =>
        database.db.execute(
          sql`select id from alquileres where busqueda like ${`%${terminos[i % terminos.length]}%`} order by fecha_inicio desc limit 20`,
        ),
      { iterations: 300 },
    ),
  );
  await database.close();

  const api = await startBenchApi(target);
  try {
    const token = await target.token('admin@tvsistema.test');
    const conexiones = target.engine === 'pglite' ? 10 : 50;
    const load = (paths: readonly string[]) =>
      loadTest({
        url: api.url,
        connections: conexiones,
        duration: 5,
        // BENCH_WARMUP=<s>: a longer unmeasured start (the first quote pages take a second each
        // while PGlite's WebAssembly warms up, and at 10 connections they queue past the window).
        warmup: Number(process.env.BENCH_WARMUP ?? 2),
        headers: { authorization: `Bearer ${token}` },
        paths,
        cpu: cpuMeter(api.pid, target.engine, target.databaseUrl),
      });
    const definidos = [
      {
        clave: 'lista',
        label: 'GET /api/alquileres (abiertos por defecto, páginas y órdenes)',
        paths: ['-fechaInicio', 'fechaFin', '-numero', 'cliente', '-importeEstimado'].map(
          (sort, i) =>
            `/api/alquileres?estado=reservado,en_curso,devuelto_parcial&sort=${sort}&page=${1 + i}`,
        ),
      },
      {
        clave: 'lista',
        label: 'GET /api/alquileres (búsquedas, todos los estados)',
        paths: terminos.map((q) => `/api/alquileres?searchTerm=${encodeURIComponent(q)}`),
      },
      {
        clave: 'lista',
        label: 'GET /api/presupuestos (página por defecto)',
        paths: ['/api/presupuestos'],
      },
      {
        clave: 'lista',
        label: 'GET /api/presupuestos (búsquedas y órdenes)',
        paths: [
          '/api/presupuestos?searchTerm=cliente%20bench%2012',
          '/api/presupuestos?searchTerm=p2020&sort=-numero',
          '/api/presupuestos?estado=enviado,caducado&sort=-total&page=3',
          '/api/presupuestos?sort=cliente&page=2',
        ],
      },
      {
        clave: 'calendario',
        label: 'GET /api/alquileres/calendario (8 semanas, 50 máquinas)',
        paths: [0, 14, 28].map(
          (d) =>
            `/api/alquileres/calendario?clase=maquina&desde=${sumar(HOY, d - 28)}&hasta=${sumar(HOY, d + 27)}&limit=50`,
        ),
      },
    ] as const;
    const solo = process.env.BENCH_SOLO?.toLowerCase();
    const casos: ((typeof definidos)[number] & { r: Awaited<ReturnType<typeof load>> })[] = [];
    for (const definido of definidos) {
      if (solo && !definido.label.toLowerCase().includes(solo)) continue;
      casos.push({ ...definido, r: await load(definido.paths) });
    }
    const capacidad = (c: (typeof casos)[number]) =>
      c.r.cpu
        ? capacityOf(c.r.cpu, c.r.n, conexiones, OBJETIVO[c.clave][target.engine])
        : undefined;
    printTable([
      ...casos.map((c) => {
        const { cpu: _cpu, ...r } = c.r;
        return {
          label: `${c.label} (${conexiones} conexiones, ${target.engine})`,
          ...r,
          cpuMs: capacidad(c)?.cpuPerRequestMs ?? Number.NaN,
          apiMs: capacidad(c)?.apiMs ?? Number.NaN,
        };
      }),
      { label: `búsqueda de alquileres directa (${target.engine})`, ...directo },
    ]);
    for (const c of casos) {
      const objetivo = OBJETIVO[c.clave][target.engine];
      console.log(
        `${c.label}: p95 ${c.r.p95.toFixed(1)} ms, objetivo ≤ ${objetivo} → ${c.r.p95 <= objetivo ? 'cumplido' : 'NO cumplido'}${c.r.errors ? ` (${c.r.errors} errores)` : ''}`,
      );
      const cap = capacidad(c);
      // As in the suppliers case: at N connections the p95 is about N × the CPU per request.
      if (cap) console.log(`  ${capacityLine(target.engine, cap)}`);
    }
    await compararCasosConPgbench(target, casos, { connections: conexiones });
  } finally {
    await api.close();
    await target.dispose();
  }
};
