// logistica.md §10: the rental albaranes list (page of 20 with filters but no text, and with
// searchTerm) over ten years at three times the expected volume (150,000 albaranes of 43,000
// alquileres; BENCH_ESCALA=0.1 for a tenth), beside the same page read straight on the database.
// BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (an empty, migrated database).
// `npm run bench -- albaranes`.
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { seedVolumenAlquilerLogistica, volumenAlquilerLogistica } from '@tvsistema/api/tools';
import { diaEnMadrid } from '@tvsistema/domain/format';
import { createBenchTarget, openBenchDatabase, startBenchApi } from '../lib/bench-api.js';
import { loadTest } from '../lib/load.js';
import { capacityLine, capacityOf, cpuMeter } from '../lib/cpu.js';
import { compararCasosConPgbench, recordarRutas } from '../lib/pgbench.js';
import { printTable, summarize, timeSamples } from '../lib/stats.js';

/** The §10 targets: p95 in ms on PGlite (10 connections) and PostgreSQL (50). */
const OBJETIVO = {
  lista: { pglite: 50, postgres: 25 },
  busqueda: { pglite: 80, postgres: 40 },
} as const;

export const run = async (): Promise<void> => {
  const escala = Number(process.env.BENCH_ESCALA ?? 1);
  const target = await createBenchTarget(process.env.BENCH_DATABASE_URL || undefined);
  const database = await openBenchDatabase(target);
  const volumen = volumenAlquilerLogistica(escala);
  const hoy = diaEnMadrid();
  const inicio = performance.now();
  await seedVolumenAlquilerLogistica(database, volumen, hoy);
  console.log(
    `Albaranes de alquiler sembrados (${target.engine}, escala ${escala}) en ${((performance.now() - inicio) / 1000).toFixed(1)} s:`,
    JSON.stringify(volumen),
  );
  const rows = <R>(query: ReturnType<typeof sql>) =>
    database.db.execute(query).then((r) => (r as unknown as { rows: R[] }).rows);
  // A busy client, an alquiler with several albaranes and last year's first month.
  const [cliente] = await rows<{ id: string }>(
    sql`select cliente_id::text as id from albaranes where clase = 'alquiler'
        group by cliente_id order by count(*) desc limit 1`,
  );
  const [alquiler] = await rows<{ id: string }>(
    sql`select alquiler_id::text as id from albaranes where clase = 'alquiler'
        group by alquiler_id order by count(*) desc limit 1`,
  );
  const anio = Number(hoy.slice(0, 4)) - 1;
  const directo = summarize(
    await timeSamples(
      () =>
        rows(
          sql`select id from albaranes where empresa = 'alquileres' and clase = 'alquiler' order by fecha desc, fecha_hora desc, id desc limit 20`,
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
    const { load, rutasDe } = recordarRutas((paths: readonly string[]) =>
      loadTest({
        url: api.url,
        connections: conexiones,
        duration: Number(process.env.BENCH_DURATION ?? 5),
        // PGlite's WebAssembly is compiled lazily and tiered up under the first requests.
        warmup: Number(process.env.BENCH_WARMUP ?? 5),
        headers: { authorization: `Bearer ${token}` },
        paths,
        cpu: cpuMeter(api.pid, target.engine, target.databaseUrl),
      }),
    );
    const filtros = [
      '',
      '&tipo=entrega',
      '&estado=emitido',
      '&firmado=false',
      '&page=5',
      '&sort=numero',
      `&desde=${anio}-01-01&hasta=${anio}-01-31`,
      `&clienteId=${cliente?.id ?? ''}`,
      `&alquilerId=${alquiler?.id ?? ''}`,
    ];
    const busquedas = [`ae${anio}-0`, 'cliente albaranes bench 12', 'calvia', 'ref-1234'];
    const casos = [
      {
        clave: 'lista',
        label: 'GET /api/albaranes (filtros sin texto)',
        r: await load(filtros.map((q) => `/api/albaranes?limit=20${q}`)),
      },
      {
        clave: 'busqueda',
        label: 'GET /api/albaranes?searchTerm=…',
        r: await load(
          busquedas.map((q) => `/api/albaranes?limit=20&searchTerm=${encodeURIComponent(q)}`),
        ),
      },
    ] as const;
    const [carga = 0] = loadavg();
    console.log(
      `${target.engine}: carga media ${carga.toFixed(1)} en ${availableParallelism()} CPU`,
    );
    printTable([
      ...casos.map(({ label, r: { cpu: _cpu, ...r } }) => ({
        label: `${label} (${conexiones} conexiones, ${target.engine})`,
        ...r,
      })),
      { label: `Página de 20, directo (${target.engine})`, ...directo },
    ]);
    for (const c of casos) {
      const objetivo = OBJETIVO[c.clave][target.engine];
      console.log(
        `${c.label}: mediana ${c.r.p50.toFixed(1)} ms, p95 ${c.r.p95.toFixed(1)} ms, objetivo p95 ≤ ${objetivo} → ${c.r.p95 <= objetivo ? 'cumplido' : 'NO cumplido'}${c.r.errors ? ` (${c.r.errors} errores)` : ''}`,
      );
      if (c.r.cpu && c.r.n > 0)
        console.log(
          `  ${capacityLine(target.engine, capacityOf(c.r.cpu, c.r.n, conexiones, objetivo))}`,
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
