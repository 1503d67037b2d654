// GET /api/proveedores at scale: 100,000 suppliers, varied searches, pages, sizes and sorts, over
// HTTP (autocannon) next to the same service call straight on the database (no HTTP, no token).
// PGlite at 10 connections (target p95 <= 50 ms); PostgreSQL at 50 (target p95 <= 25 ms) when
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/tvsistema_bench) answers: that
// database is dropped and created afresh.
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { prepareDatabase } from '@tvsistema/api';
import type { AuthUser } from '@tvsistema/api';
import { createParteService, createPartesRepository, seedPartes } from '@tvsistema/api/tools';
import { parteListQuerySchema } from '@tvsistema/domain/partes';
import { createBenchTarget, openBenchDatabase, startBenchApi } from '../lib/bench-api.js';
import { capacityLine, capacityOf, cpuMeter } from '../lib/cpu.js';
import { loadTest, type LoadResult } from '../lib/load.js';
import { compararConPgbench } from '../lib/pgbench.js';
import { printTable, summarize, timeSamples } from '../lib/stats.js';

const ROWS = Number(process.env.BENCH_PROVEEDORES ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/tvsistema_bench';

const SEARCHES = [
  'constru',
  'ferreter',
  'palma',
  'sóller',
  'SOLLER',
  'garcía',
  'talleres vidal',
  'hormigones',
  'bauza',
  'ibáñez',
  'b12',
  '4567',
  'gruas',
  'mas',
  'rosselló s.l',
  'no existe nada así',
] as const;
const SORTS = ['nombre', '-nombre', 'documento', '-documento', '-createdAt', 'updatedAt'] as const;
const EMPRESAS = ['alquileres', 'transporte', 'verticales'] as const;
const LIMITS = [10, 20, 30, 50] as const;

/** A deterministic mix of list requests: half with a search, some filtered by activo. */
const queryMix = (): string[] => {
  const queries: string[] = [];
  for (let index = 0; index < 240; index += 1) {
    const params = new URLSearchParams({
      empresa: EMPRESAS[index % 3] as string,
      page: String(1 + ((index * 7) % 25)),
      limit: String(LIMITS[index % LIMITS.length]),
      sort: SORTS[index % SORTS.length] as string,
    });
    if (index % 2 === 0)
      params.set('searchTerm', SEARCHES[(index / 2) % SEARCHES.length] as string);
    if (index % 5 === 0) params.set('activo', index % 10 === 0 ? 'true' : 'false');
    queries.push(params.toString());
  }
  return queries;
};

const ADMIN: AuthUser = { sub: 'bench', email: null, roles: ['administracion'] };

const freshPostgres = async (url: string): Promise<string | undefined> => {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`Nombre de base de datos no válido: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({
    connectionString: admin.toString(),
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
  } catch {
    return undefined;
  }
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    return url;
  } finally {
    await client.end();
  }
};

const runEngine = async (
  databaseUrl: string | undefined,
  connections: number,
  targetP95: number,
) => {
  const target = await createBenchTarget(databaseUrl);
  try {
    const database = await openBenchDatabase(target);
    // Spain's locations first, as `npm start` loads them: the suppliers get Mallorca addresses,
    // as real ones have, and their records carry the names.
    await prepareDatabase(database);
    const started = performance.now();
    const seeded = await seedPartes(database, ROWS);
    const seedSeconds = (performance.now() - started) / 1000;

    const queries = queryMix();
    const service = createParteService(createPartesRepository(database), 'proveedor');
    const parsed = queries.map((query) =>
      parteListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))),
    );
    const direct = summarize(
      await timeSamples(
        (iteration) => service.listJson(ADMIN, parsed[iteration % parsed.length]!),
        { iterations: 1000 },
      ),
    );
    const sample = JSON.parse(await service.listJson(ADMIN, parsed[1]!)) as {
      meta: { total: number; totalPages: number };
    };
    await database.close();

    const paths = queries.map((query) => `/api/proveedores?${query}`);
    const api = await startBenchApi(target);
    let measured: { http: LoadResult; cpuMs?: number | undefined } | undefined;
    try {
      const token = await target.token('admin@tvsistema.test');
      const { cpu, ...http } = await loadTest({
        url: api.url,
        connections,
        duration: DURATION,
        warmup: WARMUP,
        headers: { authorization: `Bearer ${token}` },
        paths,
        cpu: cpuMeter(api.pid, target.engine, target.databaseUrl),
      });
      // The floor of this machine: the cheapest authenticated route (no database) through the same
      // API process, load generator and connections. With the load generator, the API and the
      // database sharing its CPUs, no list can answer faster than this.
      const floor = await loadTest({
        url: api.url,
        connections,
        duration: 5,
        headers: { authorization: `Bearer ${token}` },
        paths: ['/api/me'],
      });
      // The targets assume a machine of its own; a busy one shows here, not only in the figures.
      const [load1 = 0] = loadavg();
      console.log(
        `${target.engine}: carga media ${load1.toFixed(1)} en ${availableParallelism()} CPU; ` +
          `${seeded.inserted} proveedores sembrados en ${seedSeconds.toFixed(1)} s; ` +
          `p. ej. ${parsed[1]?.empresa}: total ${sample.meta.total}, ${sample.meta.totalPages} páginas`,
      );
      printTable([
        {
          label: `GET /api/proveedores (HTTP, ${connections} conexiones, ${target.engine})`,
          ...http,
          objetivoP95: targetP95,
          cumple: http.p95 <= targetP95 && http.errors === 0 ? 'sí' : 'NO',
        },
        {
          label: `suelo: GET /api/me (HTTP, ${connections} conexiones, sin base de datos)`,
          ...floor,
        },
        { label: `misma consulta directa (${target.engine}, secuencial)`, ...direct },
      ]);
      const capacity = cpu && capacityOf(cpu, http.n, connections, targetP95);
      if (capacity) printCapacity(target.engine, capacity);
      measured = { http, cpuMs: capacity?.cpuPerRequestMs };
    } finally {
      await api.close();
    }
    // The database's own limit (DESIGN decision 12): the statements the API sent for this mix,
    // through pgbench at the same concurrency, in this run.
    if (target.engine === 'postgres' && measured)
      await compararConPgbench({
        target,
        paths,
        connections,
        duration: DURATION,
        api: measured.http,
        apiCpuMs: measured.cpuMs,
        label: 'GET /api/proveedores',
      });
  } finally {
    await target.dispose();
  }
};

/** The CPU per request of the list run, and what the p95 target asks of this machine. */
const printCapacity = (engine: 'pglite' | 'postgres', capacity: ReturnType<typeof capacityOf>) =>
  console.log(`${capacityLine(engine, capacity)}`);

export const run = async (): Promise<void> => {
  await runEngine(undefined, 10, 50);
  const url = await freshPostgres(process.env.BENCH_DATABASE_URL || DEFAULT_PG_URL);
  if (url) await runEngine(url, 50, 25);
  else console.log('PostgreSQL no responde: se omite (BENCH_DATABASE_URL).');
};
