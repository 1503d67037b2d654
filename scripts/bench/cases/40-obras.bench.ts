// flota-obras.md §10: the works list (search + estado + dates), a work's partes page and the
// planning grid over ten years of Trabajos Verticales (BENCH_ESCALA=1 is §10's ten-fold volume,
// default 0.1 = the expected ten years), each beside the same list query run straight on the
// database. BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (an empty, migrated database).
import { sql } from 'drizzle-orm';
import { seedVolumenObras, volumenObras } from '@tvsistema/api/tools';
import { createBenchTarget, openBenchDatabase, startBenchApi } from '../lib/bench-api.js';
import { loadTest } from '../lib/load.js';
import { printTable, summarize, timeSamples } from '../lib/stats.js';

const HOY = '2026-11-23';

/** The §10 targets: p95 in ms on PGlite (10 connections) and PostgreSQL (50). */
const OBJETIVO = {
  lista: { pglite: 50, postgres: 25 },
  partes: { pglite: 30, postgres: 15 },
  planificacion: { pglite: 80, postgres: 40 },
} as const;

export const run = async (): Promise<void> => {
  const escala = Number(process.env.BENCH_ESCALA ?? 0.1);
  const target = await createBenchTarget(process.env.BENCH_DATABASE_URL || undefined);
  const database = await openBenchDatabase(target);
  const volumen = volumenObras(escala);
  const inicio = performance.now();
  await seedVolumenObras(database, volumen, HOY);
  console.log(
    `Obras sembradas (${target.engine}, escala ${escala}) en ${((performance.now() - inicio) / 1000).toFixed(1)} s:`,
    JSON.stringify(volumen),
  );
  const rows = <R>(query: ReturnType<typeof sql>) =>
    database.db.execute(query).then((r) => (r as unknown as { rows: R[] }).rows);
  const obras = await rows<{ id: string }>(
    sql`select o.id::text from obras o join partes_trabajo pt on pt.obra_id = o.id
        group by o.id order by count(*) desc limit 20`,
  );
  const terminos = ['bench 1', 'ob-2', 'cliente bench 7', 'palma', 'obra bench 99'];
  const directo = summarize(
    await timeSamples(
      (i) =>
        rows(
          sql`select id from obras where busqueda like ${`%${terminos[i % terminos.length]}%`}
              and estado in ('en_curso', 'pausada')
              and coalesce(fecha_fin_real, fecha_fin_prevista) >= ${'2024-01-01'}
              and coalesce(fecha_inicio_real, fecha_inicio_prevista) <= ${HOY}
              order by fecha_inicio_prevista desc limit 20`,
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
        headers: { authorization: `Bearer ${token}` },
        paths,
      });
    const casos = [
      {
        clave: 'lista',
        label: 'GET /api/obras (búsqueda + estado + fechas, página 20)',
        r: await load(
          terminos.map(
            (q) =>
              `/api/obras?searchTerm=${encodeURIComponent(q)}&estado=en_curso,pausada&desde=2024-01-01&hasta=${HOY}`,
          ),
        ),
      },
      {
        clave: 'partes',
        label: 'GET /api/obras/{id}/partes-trabajo (página 20)',
        r: await load(obras.map((o) => `/api/obras/${o.id}/partes-trabajo`)),
      },
      {
        clave: 'planificacion',
        label: 'GET /api/obras/planificacion (6 semanas)',
        r: await load([`/api/obras/planificacion?desde=2026-10-13&hasta=${HOY}`]),
      },
    ] as const;
    printTable([
      ...casos.map((c) => ({
        label: `${c.label} (${conexiones} conexiones, ${target.engine})`,
        ...c.r,
      })),
      { label: `lista de obras directa (${target.engine})`, ...directo },
    ]);
    for (const c of casos) {
      const objetivo = OBJETIVO[c.clave][target.engine];
      console.log(
        `${c.label}: p95 ${c.r.p95.toFixed(1)} ms, objetivo ≤ ${objetivo} → ${c.r.p95 <= objetivo ? 'cumplido' : 'NO cumplido'}${c.r.errors ? ` (${c.r.errors} errores)` : ''}`,
      );
    }
  } finally {
    await api.close();
    await target.dispose();
  }
};
