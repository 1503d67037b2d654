// finanzas.md §10, `npm run bench -- facturas`: the facturas list page, one factura, the monthly
// rental run's `alquileres-pendientes` over 300 active rentals (among ten years of finished ones),
// and the libros registro of facturas expedidas and recibidas (compras) of a year, each beside its
// §10 target. Volume: finanzas' 100.000 facturas, 50.000 compras and comercial's 60.000 rentals at
// BENCH_ESCALA (1 = §10;
// 0.1 for a tenth), the 300 active rentals at any scale. BENCH_DATABASE_URL=postgres://… runs it on
// PostgreSQL (an empty database). The list and the detail run under load (10 connections on
// PGlite, 50 on PostgreSQL, as §10 says); the billing run and the book are one user's action and
// run one request at a time (BENCH_MUESTRAS each, 10 by default). BENCH_SOLO=<text> measures only
// the rows whose label contains it (e.g. `libro-recibidas`); the seed is the same.
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import {
  seedAlquileresActivos,
  seedVolumenComercial,
  seedVolumenFinanzas,
  seedVolumenInventario,
  volumenComercial,
  volumenFinanzas,
  volumenInventario,
} from '@tvsistema/api/tools';
import { createBenchTarget, openBenchDatabase, startBenchApi } from '../lib/bench-api.js';
import { cpuMeter, type CpuSplit } from '../lib/cpu.js';
import { loadTest } from '../lib/load.js';
import { compararCasosConPgbench, recordarRutas } from '../lib/pgbench.js';
import { printTable, summarize, timeSamples, type Summary } from '../lib/stats.js';

/** The invoices' seed day (their ten years end here); the rentals follow the API's real clock. */
const HOY_FACTURAS = '2026-11-23';
const ACTIVOS = 300;

const hoyMadrid = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
/** Rule 10's default `hasta`: the last day of the previous month. */
const finMesAnterior = (hoy: string) =>
  new Date(Date.parse(`${hoy.slice(0, 7)}-01T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

type Motor = 'pglite' | 'postgres';
/** §10's p95 targets in ms. */
const OBJETIVO: Record<string, Record<Motor, number>> = {
  lista: { pglite: 50, postgres: 25 },
  factura: { pglite: 20, postgres: 10 },
  pendientes: { pglite: 1000, postgres: 500 },
  libroPrimerByte: { pglite: 300, postgres: 300 },
  libroTotal: { pglite: 3000, postgres: 2000 },
};

/**
 * BENCH_EXPLAIN=1: EXPLAIN ANALYZE of the billing run's and the book's statements, as the code
 * before 28 November 2026 issued them (every finished rental's rows; the whole year's invoices)
 * and as it issues them now (the candidates' statement; one batch of the book), on the seeded
 * database. Prints each statement's execution time.
 */
const explicar = async (database: Awaited<ReturnType<typeof openBenchDatabase>>, hoy: string) => {
  const tools = (await import('@tvsistema/api/tools')) as Record<string, unknown>;
  const hasta = finMesAnterior(hoy);
  const alquileres = sql`select id from alquileres where empresa = 'alquileres'
    and estado in ('en_curso', 'devuelto_parcial', 'finalizado', 'reservado')`;
  const libro = sql`from facturas where empresa = 'alquileres'
    and estado in ('emitida', 'cobrada', 'rectificada')
    and fecha_expedicion between '2025-01-01' and '2025-12-31'`;
  const sentencias: [string, ReturnType<typeof sql>][] = [
    [
      'antes: alquileres facturables (todos)',
      sql`select * from alquileres where id in (${alquileres})`,
    ],
    [
      'antes: sus líneas',
      sql`select * from alquiler_lineas where alquiler_id in (${alquileres}) order by alquiler_id, orden`,
    ],
    [
      'antes: sus movimientos',
      sql`select * from alquiler_movimientos where alquiler_id in (${alquileres}) order by fecha, created_at`,
    ],
    [
      'antes: lo facturado de todos',
      sql`select * from facturacion_origenes_v where origen_tipo = 'alquiler' and origen_id in (${alquileres})`,
    ],
    [
      'antes: libro 2025 entero',
      sql`select * ${libro} order by fecha_expedicion, serie, secuencial`,
    ],
    [
      'ahora: libro 2025, primer lote',
      sql`select id, tipo_factura, serie, secuencial, numero, fecha_expedicion, fecha_operacion, cliente, desglose, importe_total, retencion, retencion_pct ${libro} order by fecha_expedicion, serie, secuencial, id limit 500`,
    ],
    [
      'ahora: libro 2025, un lote intermedio',
      sql`select id, tipo_factura, serie, secuencial, numero, fecha_expedicion, fecha_operacion, cliente, desglose, importe_total, retencion, retencion_pct ${libro}
      and (fecha_expedicion, serie, secuencial, id) > (select fecha_expedicion, serie, secuencial, id ${libro} order by fecha_expedicion, serie, secuencial, id offset 499 limit 1)
      order by fecha_expedicion, serie, secuencial, id limit 500`,
    ],
  ];
  const facturables = tools['alquileresFacturables'] as
    | ((db: unknown, f: { empresa: string; hasta: string }) => Parameters<typeof sql>[1])
    | undefined;
  if (facturables)
    sentencias.push([
      'ahora: alquileres candidatos (una sentencia)',
      sql`${facturables(database.db, { empresa: 'alquileres', hasta })}`,
    ]);
  for (const [nombre, consulta] of sentencias) {
    const r = (await database.db.execute(
      sql`explain (analyze, buffers) ${consulta}`,
    )) as unknown as {
      rows: Record<string, string>[];
    };
    const lineas = r.rows.map((x) => Object.values(x)[0] ?? '');
    const tiempo = lineas.find((l) => l.startsWith('Execution Time')) ?? '';
    console.log(`EXPLAIN ${nombre}: ${tiempo}`);
    if (process.env.BENCH_EXPLAIN === 'todo') console.log(lineas.map((l) => `    ${l}`).join('\n'));
  }
};

export const run = async (): Promise<void> => {
  const escala = Number(process.env.BENCH_ESCALA ?? 1);
  const muestras = Number(process.env.BENCH_MUESTRAS ?? 10);
  const target = await createBenchTarget(process.env.BENCH_DATABASE_URL || undefined);
  const motor = target.engine;
  const database = await openBenchDatabase(target);
  const hoy = hoyMadrid();
  const vFacturas = volumenFinanzas(escala);
  const vComercial = volumenComercial(escala);
  const inicio = performance.now();
  await seedVolumenFinanzas(database, vFacturas, HOY_FACTURAS);
  await seedVolumenInventario(database, volumenInventario(Math.min(escala, 0.1)), hoy);
  await seedVolumenComercial(database, vComercial, hoy);
  await seedAlquileresActivos(database, { activos: ACTIVOS, lineasPorAlquiler: 2 }, hoy);
  const filas = <R>(query: ReturnType<typeof sql>) =>
    database.db.execute(query).then((r) => (r as unknown as { rows: R[] }).rows);
  const ids = (
    await filas<{ id: string }>(
      sql`select id from facturas order by fecha_expedicion desc limit 50`,
    )
  ).map((r) => r.id);
  const [cuenta] = await filas<{ n: number }>(
    sql`select count(*)::int as n from facturas where fecha_expedicion >= '2025-01-01' and fecha_expedicion < '2026-01-01'`,
  );
  const [cuentaCompras] = await filas<{ n: number }>(
    sql`select count(*)::int as n from compras where fecha_recepcion >= '2025-01-01' and fecha_recepcion < '2026-01-01'`,
  );
  console.log(
    `Facturas sembrado (${motor}, escala ${escala}) en ${((performance.now() - inicio) / 1000).toFixed(1)} s: ` +
      `${JSON.stringify(vFacturas)}, alquileres ${JSON.stringify(vComercial)} + ${ACTIVOS} activos ` +
      `de 2 máquinas entregadas; libros 2025: ${cuenta?.n ?? 0} facturas, ${cuentaCompras?.n ?? 0} compras`,
  );
  if (process.env.BENCH_EXPLAIN) await explicar(database, hoy);
  await database.close();

  const api = await startBenchApi(target);
  try {
    const token = await target.token('admin@tvsistema.test');
    const headers = { authorization: `Bearer ${token}` };
    const conexiones = motor === 'pglite' ? 10 : 50;
    // Each result remembers its paths: pgbench repeats their statements (PostgreSQL).
    const { load, rutasDe } = recordarRutas((paths: readonly string[]) =>
      loadTest({
        url: api.url,
        connections: conexiones,
        duration: Number(process.env.BENCH_DURATION ?? 5),
        warmup: Number(process.env.BENCH_WARMUP ?? 5),
        headers,
        paths,
        cpu: cpuMeter(api.pid, motor, target.databaseUrl),
      }),
    );
    // The API's (and PostgreSQL's) CPU per answered request: what the request costs whatever the
    // machine's load, which the shared machines here make dominate the latencies.
    const cpuPor = (split: CpuSplit | undefined, n: number) =>
      split && n > 0 ? (split.api + split.database) / n : Number.NaN;
    const solo = process.env.BENCH_SOLO;
    /** BENCH_SOLO: whether the row of this label is measured. */
    const mide = (label: string) => !solo || label.includes(solo);
    const etiqueta = {
      lista: `GET /api/facturas, página (${conexiones} conexiones, ${motor})`,
      factura: `GET /api/facturas/{id} (${conexiones} conexiones, ${motor})`,
      pendientes: (hasta: string) =>
        `GET alquileres-pendientes?hasta=${hasta} (1 conexión, ${motor})`,
      libro: (libro: string, parte: string) => `GET ${libro} 2025, ${parte} (1 conexión, ${motor})`,
    };
    const lista = !mide(etiqueta.lista)
      ? undefined
      : await load(
          [
            '/api/facturas?empresa=alquileres',
            '/api/facturas?empresa=alquileres&sort=-total&page=3',
            '/api/facturas?empresa=alquileres&estado=emitida',
            '/api/facturas?empresa=alquileres&searchTerm=cliente%20factura%2012',
          ].map((p) => p),
        );
    const factura = !mide(etiqueta.factura)
      ? undefined
      : await load(ids.map((id) => `/api/facturas/${id}`));

    /** One request at a time: the time to the answer's headers and to its last byte. */
    const secuencial = async (path: string) => {
      const cabeceras: number[] = [];
      const totales: number[] = [];
      let filas = 0;
      const meter = cpuMeter(api.pid, motor, target.databaseUrl)?.();
      await timeSamples(
        async (i) => {
          const t0 = performance.now();
          const r = await fetch(`${api.url}${path}`, { headers });
          // The first byte of the body (a streamed answer sends its headers before its rows).
          const lector = r.body?.getReader();
          const trozos: Uint8Array[] = [];
          let t1 = Number.NaN;
          for (
            let leido = await lector?.read();
            leido && !leido.done;
            leido = await lector?.read()
          ) {
            if (Number.isNaN(t1)) t1 = performance.now();
            trozos.push(leido.value);
          }
          const t2 = performance.now();
          if (Number.isNaN(t1)) t1 = t2;
          const cuerpo = Buffer.concat(trozos).toString('utf8');
          if (!r.ok) throw new Error(`${path}: ${r.status} ${cuerpo.slice(0, 200)}`);
          if (i >= 2) {
            cabeceras.push(t1 - t0);
            totales.push(t2 - t0);
          }
          filas = r.headers.get('content-type')?.includes('json')
            ? ((JSON.parse(cuerpo) as { data: unknown[] }).data?.length ?? 0)
            : cuerpo.split('\r\n').filter(Boolean).length - 2;
        },
        { iterations: muestras + 2, warmup: 0 },
      );
      const cpu = cpuPor(meter?.stop(), muestras + 2);
      return { cabecera: summarize(cabeceras), total: summarize(totales), filas, cpu };
    };
    const hasta = finMesAnterior(hoy);
    const pendientes = !mide(etiqueta.pendientes(hasta))
      ? undefined
      : await secuencial(`/api/facturas/alquileres-pendientes?hasta=${hasta}`);
    /** A book of 2025 (first byte and whole body, one request at a time). */
    const libroDe = (libro: 'libro-expedidas' | 'libro-recibidas') =>
      !mide(etiqueta.libro(libro, 'primer byte')) && !mide(etiqueta.libro(libro, 'completo'))
        ? undefined
        : secuencial(`/api/fiscal/${libro}?empresa=alquileres&ejercicio=2025&periodo=0A`);
    const expedidas = await libroDe('libro-expedidas');
    const recibidas = await libroDe('libro-recibidas');

    const fila = (label: string, s: Summary, objetivo: number, cpu: number, extra = '') => ({
      label,
      n: s.n,
      mediana: s.p50,
      p95: s.p95,
      'CPU/petición': cpu,
      objetivo: `p95 ≤ ${objetivo}`,
      resultado: s.n === 0 ? 'sin respuestas' : s.p95 <= objetivo ? 'cumplido' : 'NO cumplido',
      ...(extra ? { nota: extra } : {}),
    });
    const filasLibro = (
      libro: 'libro-expedidas' | 'libro-recibidas',
      r: Awaited<ReturnType<typeof secuencial>> | undefined,
    ) =>
      r
        ? [
            fila(
              etiqueta.libro(libro, 'primer byte'),
              r.cabecera,
              OBJETIVO.libroPrimerByte![motor],
              r.cpu,
            ),
            fila(
              etiqueta.libro(libro, 'completo'),
              r.total,
              OBJETIVO.libroTotal![motor],
              r.cpu,
              `${r.filas} filas`,
            ),
          ]
        : [];
    printTable([
      ...(lista
        ? [
            fila(
              etiqueta.lista,
              lista,
              OBJETIVO.lista![motor],
              cpuPor(lista.cpu, lista.n),
              lista.errors ? `${lista.errors} errores` : '',
            ),
          ]
        : []),
      ...(factura
        ? [
            fila(
              etiqueta.factura,
              factura,
              OBJETIVO.factura![motor],
              cpuPor(factura.cpu, factura.n),
              factura.errors ? `${factura.errors} errores` : '',
            ),
          ]
        : []),
      ...(pendientes
        ? [
            fila(
              etiqueta.pendientes(hasta),
              pendientes.total,
              OBJETIVO.pendientes![motor],
              pendientes.cpu,
              `${pendientes.filas} propuestos`,
            ),
          ]
        : []),
      ...filasLibro('libro-expedidas', expedidas),
      ...filasLibro('libro-recibidas', recibidas),
    ]);
    const [carga = 0] = loadavg();
    console.log(
      `${motor}: carga media ${carga.toFixed(1)} en ${availableParallelism()} CPU; tiempos en ms. ` +
        'CPU/petición: API' +
        (motor === 'postgres' ? ' + PostgreSQL' : ' con PGlite dentro') +
        '.',
    );
    // The list and the detail under load, beside the same statements through pgbench (issue 13).
    await compararCasosConPgbench(
      target,
      [
        ...(lista ? [{ label: 'GET /api/facturas, página', paths: rutasDe(lista), r: lista }] : []),
        ...(factura
          ? [{ label: 'GET /api/facturas/{id}', paths: rutasDe(factura), r: factura }]
          : []),
      ],
      { connections: conexiones },
    );
  } finally {
    await api.close();
    await target.dispose();
  }
};
