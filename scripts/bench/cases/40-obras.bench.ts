// flota-obras.md §10: the works list (search + estado + dates), a work's partes page, closing a
// parte, the planning grid and the CSV of every work, over ten years of Trabajos Verticales
// (BENCH_ESCALA=1 is §10's ten-fold volume, default 0.1 = the expected ten years), beside the same
// statements run straight on the database, with the CPU each request costs (see
// 20-proveedores.bench.ts). BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (an empty,
// migrated database).
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { seedVolumenObras, volumenObras } from '@tvsistema/api/tools';
import { createBenchTarget, openBenchDatabase, startBenchApi } from '../lib/bench-api.js';
import { capacityLine, capacityOf, cpuMeter, type CpuMeter, type CpuSplit } from '../lib/cpu.js';
import { loadTest } from '../lib/load.js';
import { compararCasosConPgbench } from '../lib/pgbench.js';
import { printTable, summarize, timeSamples, type Summary } from '../lib/stats.js';

const HOY = '2026-11-23';
const DURATION = Number(process.env.BENCH_DURATION ?? 5);

/** The §10 targets: p95 in ms on PGlite (10 connections) and PostgreSQL (50). */
const OBJETIVO = {
  lista: { pglite: 50, postgres: 25 },
  partes: { pglite: 30, postgres: 15 },
  cerrar: { pglite: 80, postgres: 40 },
  planificacion: { pglite: 80, postgres: 40 },
} as const;
/** §10: the CSV of every work streams within 5 s, delaying no other request by over 100 ms. */
const CSV_SEGUNDOS = 5;
const CSV_RETRASO_MS = 100;
/** Active operarios: the planning grid's rows. */
const ACTIVOS = 50;

type Caso = keyof typeof OBJETIVO;
type Medida = Summary & { rps: number; errors: number; cpu?: CpuSplit };

/**
 * "Cerrar parte" under load: every request closes a draft no other request has closed, so the
 * connections take the next one from one shared queue (loadTest's path lists are walked by each
 * connection on its own, which would close a parte twice).
 */
const cerrarBajoCarga = async (options: {
  url: string;
  token: string;
  connections: number;
  partes: readonly { obraId: string; id: string }[];
  cpu: CpuMeter | undefined;
}): Promise<Medida> => {
  let siguiente = 0;
  const pedir = (duration: number, onLatency?: (ms: number) => void) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: options.url,
          connections: options.connections,
          duration,
          requests: [
            {
              method: 'POST',
              headers: {
                authorization: `Bearer ${options.token}`,
                'content-type': 'application/json',
              },
              body: JSON.stringify({ version: 1 }),
              setupRequest: (request: autocannon.Request) => {
                const parte = options.partes[siguiente++ % options.partes.length];
                return {
                  ...request,
                  path: `/api/obras/${parte?.obraId}/partes-trabajo/${parte?.id}/cerrar`,
                };
              },
            },
          ],
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      if (onLatency)
        instance.on('response', (_c: unknown, _s: number, _b: number, ms: number) => onLatency(ms));
    });
  await pedir(1);
  const latencias: number[] = [];
  const meter = options.cpu?.();
  const result = await pedir(DURATION, (ms) => latencias.push(ms));
  const cpu = meter?.stop();
  if (siguiente > options.partes.length)
    console.log(`Aviso: ${siguiente} cierres con ${options.partes.length} borradores (409).`);
  return {
    ...summarize(latencias),
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
    ...(cpu ? { cpu } : {}),
  };
};

/**
 * The CSV of every work, read to its end, while one client asks for a works page after another:
 * how long the export takes and how much longer those pages take meanwhile than alone.
 */
const csvConCarga = async (url: string, token: string, pagina: string) => {
  const headers = { authorization: `Bearer ${token}` };
  const pedirPagina = async () => {
    const inicio = performance.now();
    const response = await fetch(`${url}${pagina}`, { headers });
    await response.arrayBuffer();
    return performance.now() - inicio;
  };
  // The requests the previous load left in flight are answered first (PGlite serves one at a time).
  for (let i = 0; i < 5; i += 1) await pedirPagina();
  const solas: number[] = [];
  for (let i = 0; i < 60; i += 1) solas.push(await pedirPagina());
  let terminado = false;
  const inicio = performance.now();
  const csv = (async () => {
    const response = await fetch(`${url}/api/obras/export`, { headers });
    let bytes = 0;
    let primerByte = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (bytes === 0) primerByte = performance.now() - inicio;
      bytes += chunk.byteLength;
    }
    terminado = true;
    return { status: response.status, bytes, primerByte, ms: performance.now() - inicio };
  })();
  const durante: number[] = [];
  while (!terminado) durante.push(await pedirPagina());
  return { csv: await csv, solas: summarize(solas), durante: summarize(durante) };
};

export const run = async (): Promise<void> => {
  const escala = Number(process.env.BENCH_ESCALA ?? 0.1);
  const target = await createBenchTarget(process.env.BENCH_DATABASE_URL || undefined);
  const database = await openBenchDatabase(target);
  const volumen = volumenObras(escala);
  const rows = <R>(query: ReturnType<typeof sql>) =>
    database.db.execute(query).then((r) => (r as unknown as { rows: R[] }).rows);
  // A PostgreSQL database that already holds the bench's works (a copy of a seeded one, to
  // measure a change on the same data) is measured as it is: no second seed, no new drafts.
  const [sembrada] = await rows<{ n: number }>(
    sql`select count(*)::int as n from obras where nombre like 'Obra bench %'`,
  );
  const yaSembrada = (sembrada?.n ?? 0) > 0;
  const inicio = performance.now();
  if (yaSembrada)
    console.log(`Obras ya sembradas (${target.engine}): ${sembrada?.n} obras del bench`);
  else {
    await seedVolumenObras(database, volumen, HOY);
    console.log(
      `Obras sembradas (${target.engine}, escala ${escala}) en ${((performance.now() - inicio) / 1000).toFixed(1)} s:`,
      JSON.stringify(volumen),
    );
  }
  // §10 measures the planning grid at "6 weeks × 50 operarios": of the 200 operarios of ten
  // years, 50 are active (the grid shows the active ones).
  await database.db.execute(sql`
    update operarios set activo = false where id in (
      select id from operarios where apellidos like 'Bench %' order by documento
      offset ${ACTIVOS})`);
  // Drafts to close on the running works, each with three active apto operarios of consecutive
  // numbers (one of them level 3, as a rope team needs) and an avance. They are dated over the
  // 257 days before the planning grid's six weeks (the operarios' medical checks cover them), so
  // each operario has about 1.4 of them a day, as §4.9's 12 h a day allows: dated today, as they
  // were, every active operario had 360 partes on one day (1,440 h), which the API never accepts,
  // and the grid of today read 18,000 of them.
  const BORRADORES = 6000;
  if (!yaSembrada)
    await database.db.execute(sql`
    with o as (select id, row_number() over (order by codigo) n, count(*) over () total
               from obras where estado = 'en_curso' and fecha_inicio_real <= ${HOY}::date - 300),
         p as (select id, row_number() over (order by documento) n from operarios
               where apellidos like 'Bench %'),
         nuevos as (
           insert into partes_trabajo (obra_id, fecha, estado, tareas, avance, trabajo_en_cuerda)
           select o.id, ${HOY}::date - 43 - j % 257, 'borrador', 'Borrador del bench ' || j, 100,
             true
           from generate_series(1, ${BORRADORES}) j join o on o.n = 1 + j % o.total
           returning id, obra_id, fecha)
    insert into parte_trabajo_operarios (parte_trabajo_id, operario_id, obra_id, obra_codigo, fecha,
      horas, orden)
    select b.id, p.id, b.obra_id, (select codigo from obras where id = b.obra_id), b.fecha, 4, k
    from (select id, obra_id, fecha, row_number() over (order by id) j from nuevos) b,
      generate_series(0, 2) k join p on true
    where p.n = 1 + (b.j * 3 + k) % ${ACTIVOS}`);
  // As autovacuum leaves a table in service (and after a migration that rewrote rows): the
  // visibility map set, so the index-only reads of §10's indexes are measured as they run there.
  await database.db.execute(sql`vacuum analyze`);
  const borradores = await rows<{ obraId: string; id: string }>(
    sql`select obra_id::text as "obraId", id::text from partes_trabajo
        where estado = 'borrador' order by random()`,
  );
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
  const directoPartes = summarize(
    await timeSamples(
      (i) =>
        rows(
          sql`select id from partes_trabajo where obra_id = ${obras[i % obras.length]?.id}
              order by fecha desc, created_at desc limit 20`,
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
        duration: DURATION,
        headers: { authorization: `Bearer ${token}` },
        paths,
        cpu: cpuMeter(api.pid, target.engine, target.databaseUrl),
      });
    const listas = terminos.map(
      (q) =>
        `/api/obras?searchTerm=${encodeURIComponent(q)}&estado=en_curso,pausada&desde=2024-01-01&hasta=${HOY}`,
    );
    // BENCH_SOLO=<texto> measures only the requests whose label contains it (and the CSV only
    // when "export" is asked for), while tuning one.
    const solo = process.env.BENCH_SOLO?.toLowerCase();
    // `paths`: the read cases that pgbench repeats on their own statements (PostgreSQL).
    const pedidos: {
      clave: Caso;
      label: string;
      medir: () => Promise<Medida>;
      paths?: readonly string[];
    }[] = [
      {
        clave: 'lista',
        label: 'GET /api/obras (búsqueda + estado + fechas, página 20)',
        medir: () => load(listas),
        paths: listas,
      },
      {
        clave: 'partes',
        label: 'GET /api/obras/{id}/partes-trabajo (página 20)',
        medir: () => load(obras.map((o) => `/api/obras/${o.id}/partes-trabajo`)),
        paths: obras.map((o) => `/api/obras/${o.id}/partes-trabajo`),
      },
      {
        clave: 'cerrar',
        label: 'POST …/partes-trabajo/{id}/cerrar (un borrador nuevo cada vez)',
        medir: () =>
          cerrarBajoCarga({
            url: api.url,
            token,
            connections: conexiones,
            partes: borradores,
            cpu: cpuMeter(api.pid, target.engine, target.databaseUrl),
          }),
      },
      {
        clave: 'planificacion',
        label: 'GET /api/obras/planificacion (6 semanas)',
        medir: () => load([`/api/obras/planificacion?desde=2026-10-13&hasta=${HOY}`]),
        paths: [`/api/obras/planificacion?desde=2026-10-13&hasta=${HOY}`],
      },
    ];
    const casos: { clave: Caso; label: string; r: Medida; paths?: readonly string[] }[] = [];
    for (const p of pedidos)
      if (!solo || p.label.toLowerCase().includes(solo))
        casos.push({ clave: p.clave, label: p.label, r: await p.medir(), paths: p.paths });
    const csv =
      !solo || 'get /api/obras/export'.includes(solo)
        ? await csvConCarga(api.url, token, listas[1] ?? '')
        : undefined;
    const [load1 = 0] = loadavg();
    console.log(
      `${target.engine}: carga media ${load1.toFixed(1)} en ${availableParallelism()} CPU`,
    );
    printTable([
      ...casos.map(({ label, r: { cpu: _cpu, ...r } }) => ({
        label: `${label} (${conexiones} conexiones, ${target.engine})`,
        ...r,
      })),
      { label: `lista de obras directa (${target.engine})`, ...directo },
      { label: `página de partes directa (${target.engine})`, ...directoPartes },
      ...(csv
        ? [
            { label: 'GET /api/obras (1 conexión, sin exportación)', ...csv.solas },
            { label: 'GET /api/obras (1 conexión, durante la exportación)', ...csv.durante },
          ]
        : []),
    ]);
    for (const c of casos) {
      const objetivo = OBJETIVO[c.clave][target.engine];
      console.log(
        `${c.label}: p95 ${c.r.p95.toFixed(1)} ms, objetivo ≤ ${objetivo} → ${c.r.p95 <= objetivo && c.r.errors === 0 ? 'cumplido' : 'NO cumplido'}${c.r.errors ? ` (${c.r.errors} errores)` : ''}`,
      );
      if (c.r.cpu) printCapacity(target.engine, capacityOf(c.r.cpu, c.r.n, conexiones, objetivo));
    }
    if (csv) {
      const retraso = csv.durante.p95 - csv.solas.p95;
      const maxRetraso = csv.durante.p99 - csv.solas.p50;
      console.log(
        `GET /api/obras/export (${volumen.obras} obras): ${(csv.csv.ms / 1000).toFixed(2)} s, ` +
          `${(csv.csv.bytes / 1e6).toFixed(1)} MB (primer byte a los ${csv.csv.primerByte.toFixed(0)} ms, HTTP ${csv.csv.status}); ` +
          `una página de obras tarda durante la exportación p95 ${csv.durante.p95.toFixed(1)} ms ` +
          `(sola ${csv.solas.p95.toFixed(1)} ms: +${retraso.toFixed(1)} ms; p99 +${maxRetraso.toFixed(1)} ms sobre la mediana) ` +
          `→ objetivo ≤ ${CSV_SEGUNDOS} s y ≤ ${CSV_RETRASO_MS} ms de retraso: ` +
          `${csv.csv.status === 200 && csv.csv.ms <= CSV_SEGUNDOS * 1000 && retraso <= CSV_RETRASO_MS ? 'cumplido' : 'NO cumplido'}`,
      );
    }
    await compararCasosConPgbench(
      target,
      casos.flatMap(({ label, r, paths }) => (paths ? [{ label, paths, r }] : [])),
      { connections: conexiones, duration: DURATION },
    );
  } finally {
    await api.close();
    await target.dispose();
  }
};

/** The CPU per request of a run, and what its p95 target asks of this machine (as proveedores'). */
const printCapacity = (engine: 'pglite' | 'postgres', capacity: ReturnType<typeof capacityOf>) =>
  console.log(`  ${capacityLine(engine, capacity)}`);
