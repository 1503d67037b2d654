// inventario.md §10: lists, pickers, availability and the ledger over ten years of a rental
// company at twice the expected size (BENCH_ESCALA=0.1 for a tenth), each beside the same query
// run straight on the database in the same run, and `reservar` of 15 resources in its transaction.
// BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (an empty, migrated database).
import { sql } from 'drizzle-orm';
import { reservar, seedVolumenInventario, volumenInventario } from '@tvsistema/api/tools';
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
  libre: { pglite: 80, postgres: 40 },
  opciones: { pglite: 50, postgres: 25 },
  disponibilidad: { pglite: 80, postgres: 40 },
  componente366: { pglite: 60, postgres: 30 },
  movimientos: { pglite: 50, postgres: 25 },
  reservar: { pglite: 100, postgres: 50 },
} as const;

export const run = async (): Promise<void> => {
  const escala = Number(process.env.BENCH_ESCALA ?? 1);
  const target = await createBenchTarget(process.env.BENCH_DATABASE_URL || undefined);
  const database = await openBenchDatabase(target);
  const volumen = volumenInventario(escala);
  const inicio = performance.now();
  await seedVolumenInventario(database, volumen, HOY);
  console.log(
    `Inventario sembrado (${target.engine}, escala ${escala}) en ${((performance.now() - inicio) / 1000).toFixed(1)} s:`,
    JSON.stringify(volumen),
  );
  const rows = <R>(query: ReturnType<typeof sql>) =>
    database.db.execute(query).then((r) => (r as unknown as { rows: R[] }).rows);
  const maquinas = await rows<{ id: string }>(
    sql`select id::text from maquinas where estado <> 'baja' order by codigo_interno limit 50`,
  );
  const componentes = await rows<{ id: string }>(
    sql`select id::text from andamio_componentes order by codigo limit 50`,
  );
  const mayor =
    (
      await rows<{ id: string }>(
        sql`select id::text from andamio_componentes where codigo = 'CMP-00001'`,
      )
    )[0]?.id ?? '';
  const terminos = ['kubota', 'mex', 'modelo 1', 'sn00001', 'genie', 'ptj-0', 'jlg', 'dum'];

  // Direct SQL baselines: a list page and the ledger read behind one availability answer.
  const directoLista = summarize(
    await timeSamples(
      (i) =>
        rows(
          sql`select id from maquinas where busqueda like ${`%${terminos[i % terminos.length]}%`} and estado <> 'baja' order by codigo_interno limit 20`,
        ),
      { iterations: 500 },
    ),
  );
  const directoLedger = summarize(
    await timeSamples(
      (i) =>
        rows(sql`select id from inventario_bloqueos where componente_id = ${componentes[i % componentes.length]?.id ?? ''}::uuid
          and estado = 'activo' and periodo && daterange(${HOY}::date, ${sumar(HOY, 366)}::date)`),
      { iterations: 500 },
    ),
  );
  // reservar of 15 resources (5 machines, 10 components), rolled back each time.
  const desde = sumar(HOY, 400);
  const reserva = summarize(
    await timeSamples(
      async (i) => {
        await database.db
          .transaction(async (tx) => {
            await reservar(tx, {
              origen: { tipo: 'alquiler', id: `bench-${i}`, numero: 'A-BENCH', etiqueta: 'bench' },
              recursos: [
                ...maquinas.slice(0, 5).map((m, j) => ({
                  lineaId: `m${j}`,
                  maquinaId: m.id,
                  cantidad: 1,
                  desde,
                  hasta: sumar(desde, 60),
                })),
                ...componentes.slice(0, 10).map((c, j) => ({
                  lineaId: `c${j}`,
                  componenteId: c.id,
                  cantidad: 1,
                  desde,
                  hasta: sumar(desde, 60),
                })),
              ],
              hoy: HOY,
            });
            throw new Error('rollback');
          })
          .catch((error: Error) => {
            if (error.message !== 'rollback') throw error;
          });
      },
      { iterations: 100 },
    ),
  );
  await database.close();

  const api = await startBenchApi(target);
  try {
    const token = await target.token('admin@tvsistema.test');
    const conexiones = target.engine === 'pglite' ? 10 : 50;
    const d90 = sumar(HOY, 90);
    const definidos = [
      {
        clave: 'lista',
        label: 'GET /api/maquinaria (búsqueda, página 20)',
        paths: terminos.map(
          (q) => `/api/maquinaria?searchTerm=${encodeURIComponent(q)}&sort=marca`,
        ),
      },
      {
        clave: 'lista',
        label: 'GET /api/andamios (búsqueda)',
        paths: ['cmp-00', 'marco', 'componente 1', 'anclaje'].map(
          (q) => `/api/andamios?searchTerm=${encodeURIComponent(q)}`,
        ),
      },
      {
        clave: 'lista',
        label: 'GET /api/conceptos (búsqueda)',
        paths: ['con-0', 'concepto', 'alquiler 1'].map(
          (q) => `/api/conceptos?searchTerm=${encodeURIComponent(q)}`,
        ),
      },
      {
        clave: 'libre',
        label: 'GET /api/maquinaria libre 90 días',
        paths: [`/api/maquinaria?libreDesde=${HOY}&libreHasta=${d90}`],
      },
      {
        clave: 'opciones',
        label: 'GET /api/inventario/maquinas/opciones con fechas',
        paths: terminos.map(
          (q) =>
            `/api/inventario/maquinas/opciones?q=${encodeURIComponent(q)}&desde=${HOY}&hasta=${d90}`,
        ),
      },
      {
        clave: 'opciones',
        label: 'GET /api/inventario/componentes/opciones con fechas',
        paths: [`/api/inventario/componentes/opciones?desde=${HOY}&hasta=${d90}`],
      },
      {
        clave: 'disponibilidad',
        label: 'POST /api/inventario/disponibilidad 5 máquinas + 10 componentes, 60 días',
        paths: ['/api/inventario/disponibilidad'],
        body: JSON.stringify({
          lineas: [
            ...maquinas
              .slice(5, 10)
              .map((m) => ({ maquinaId: m.id, desde: HOY, hasta: sumar(HOY, 59) })),
            ...componentes.slice(10, 20).map((c) => ({
              componenteId: c.id,
              cantidad: 5,
              desde: HOY,
              hasta: sumar(HOY, 59),
            })),
          ],
        }),
      },
      {
        clave: 'componente366',
        label: 'GET /api/inventario/componentes/{id}/disponibilidad 366 días',
        paths: componentes.map(
          (c) =>
            `/api/inventario/componentes/${c.id}/disponibilidad?desde=${HOY}&hasta=${sumar(HOY, 365)}`,
        ),
      },
      {
        clave: 'movimientos',
        label: `GET /api/andamios/{id}/movimientos página 20 de ${volumen.movimientosComponenteMayor}`,
        paths: [1, 2, 50, 500].map((p) => `/api/andamios/${mayor}/movimientos?page=${p}`),
      },
    ] as const satisfies readonly {
      clave: keyof typeof OBJETIVO;
      label: string;
      paths: readonly string[];
      body?: string;
    }[];
    // BENCH_SOLO=<texto> measures only the requests whose label contains it (while tuning one).
    const solo = process.env.BENCH_SOLO?.toLowerCase();
    const casos = [];
    for (const definido of definidos) {
      if (solo && !definido.label.toLowerCase().includes(solo)) continue;
      const { cpu, ...r } = await loadTest({
        url: api.url,
        connections: conexiones,
        duration: 5,
        // BENCH_WARMUP=<s>: a longer unmeasured start (the first requests plan and compile).
        warmup: Number(process.env.BENCH_WARMUP ?? 2),
        headers: { authorization: `Bearer ${token}` },
        paths: definido.paths,
        body: 'body' in definido ? definido.body : undefined,
        cpu: cpuMeter(api.pid, target.engine, target.databaseUrl),
      });
      const objetivo = OBJETIVO[definido.clave][target.engine];
      casos.push({
        ...definido,
        r,
        objetivo,
        cpu,
        capacidad: cpu ? capacityOf(cpu, r.n, conexiones, objetivo) : undefined,
      });
    }
    printTable([
      ...casos.map((c) => ({
        label: `${c.label} (${conexiones} conexiones, ${target.engine})`,
        ...c.r,
        cpuMs: c.capacidad?.cpuPerRequestMs ?? Number.NaN,
        apiMs: c.capacidad?.apiMs ?? Number.NaN,
      })),
      { label: `lista de máquinas directa (${target.engine})`, ...directoLista },
      {
        label: `bloqueos de un componente, 366 días, directo (${target.engine})`,
        ...directoLedger,
      },
      {
        label: `reservar 15 recursos en su transacción (1 conexión, ${target.engine})`,
        ...reserva,
      },
    ]);
    for (const c of casos) {
      console.log(
        `${c.label}: p95 ${c.r.p95.toFixed(1)} ms, objetivo ≤ ${c.objetivo} → ${c.r.p95 <= c.objetivo ? 'cumplido' : 'NO cumplido'}${c.r.errors ? ` (${c.r.errors} errores)` : ''}`,
      );
      const capacidad = c.capacidad;
      if (!capacidad) continue;
      // As in the suppliers case: at N connections the p95 is about N × the CPU per request.
      console.log(`  ${capacityLine(target.engine, capacidad)}`);
    }
    const objetivo = OBJETIVO.reservar[target.engine];
    console.log(
      `reservar 15 recursos: p95 ${reserva.p95.toFixed(1)} ms, objetivo ≤ ${objetivo} → ${reserva.p95 <= objetivo ? 'cumplido' : 'NO cumplido'}`,
    );
    await compararCasosConPgbench(
      target,
      casos.map((c) => ({ ...c, r: { ...c.r, cpu: c.cpu } })),
      { connections: conexiones },
    );
  } finally {
    await api.close();
    await target.dispose();
  }
};
