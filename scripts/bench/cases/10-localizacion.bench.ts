// Municipio lookups by a two-letter prefix over all of Spain (8,132 municipios), as the address
// picker's typeahead sends them: GET /api/localizacion/municipios?nombre=xx, 100 a page. Beside
// it, the same query run directly on the database. Target: p95 <= 15 ms through the API.
// BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (that database is migrated and seeded).
import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import {
  createLocalizacionRepository,
  LOCATION_LEVELS,
  seedLocationReferenceData,
} from '@tvsistema/api/tools';
import { createBenchTarget, openBenchDatabase, startBenchApi } from '../lib/bench-api.js';
import { capacityOf, cpuMeter, type CpuSplit } from '../lib/cpu.js';
import { loadTest, type LoadResult } from '../lib/load.js';
import { compararConPgbench } from '../lib/pgbench.js';
import { printTable, summarize, timeSamples } from '../lib/stats.js';

const PAGE = 100;

/** A run's figures without its CPU split (an object), for the printed table. */
const sinCpu = <R extends { cpu?: unknown }>({ cpu: _cpu, ...figuras }: R) => figuras;

export const run = async (): Promise<void> => {
  const target = await createBenchTarget(process.env.BENCH_DATABASE_URL || undefined);
  const database = await openBenchDatabase(target);
  const seed = await seedLocationReferenceData(database);
  console.log(
    `Datos de referencia (${target.engine}): ${seed.skipped ? 'ya cargados' : 'cargados'} en ${seed.ms} ms`,
  );

  // Every two-letter start of a municipio's name (accent-free), so the load covers big and small
  // result sets alike ("sa", "va", "ma"… and rare ones).
  const rows = await database.withSession((session) =>
    session.query<{ prefix: string }>(
      `select distinct left(nombre_busqueda, 2) as prefix from municipios
        where nombre_busqueda ~ '^[a-z]{2}' order by 1`,
    ),
  );
  const prefixes = rows.map((row) => normalizeSearchText(row.prefix));
  console.log(`${prefixes.length} prefijos de dos letras (${prefixes.slice(0, 8).join(', ')}…)`);

  // The address picker's own query: a province chosen, two letters typed.
  const provincias = await database.withSession((session) =>
    session.query<{ id: string }>('select id::text as id from provincias order by codigo'),
  );
  const inProvince = prefixes.map(
    (prefix, i) =>
      `/api/localizacion/municipios?nombre=${prefix}&provinciaId=${provincias[i % provincias.length]?.id ?? ''}`,
  );

  const repository = createLocalizacionRepository(database);
  const direct = summarize(
    await timeSamples(
      (i) =>
        repository.list(LOCATION_LEVELS.municipios, {
          filters: [],
          text: prefixes[i % prefixes.length],
          limit: PAGE + 1,
          offset: 0,
        }),
      { iterations: 2000 },
    ),
  );
  await database.close();

  const paths = prefixes.map((prefix) => `/api/localizacion/municipios?nombre=${prefix}`);
  const api = await startBenchApi(target);
  let ten: (LoadResult & { cpu?: CpuSplit }) | undefined;
  try {
    const token = await target.token('admin@tvsistema.test');
    const load = (connections: number, urls: readonly string[] = paths) =>
      loadTest({
        url: api.url,
        connections,
        duration: 5,
        headers: { authorization: `Bearer ${token}` },
        paths: urls,
        // Where the CPU went, for the comparison with pgbench below.
        cpu: cpuMeter(api.pid, target.engine, target.databaseUrl),
      });
    const single = await load(1);
    ten = await load(10);
    const picker = await load(1, inProvince);
    printTable([
      {
        label: `GET municipios?nombre=xx, toda España (HTTP, 1 conexión, ${target.engine})`,
        ...sinCpu(single),
      },
      { label: `ídem, 10 conexiones simultáneas (${target.engine})`, ...sinCpu(ten) },
      { label: `misma consulta directa (${target.engine})`, ...direct },
      { label: `GET municipios?nombre=xx&provinciaId (HTTP, 1 conexión)`, ...sinCpu(picker) },
    ]);
    const verdict = (p95: number) =>
      `${p95 <= 15 ? 'cumplido' : 'NO cumplido'} (p95 ${p95.toFixed(2)} ms)`;
    console.log(`Objetivo p95 <= 15 ms, una búsqueda tras otra: ${verdict(single.p95)}`);
    console.log(`Con 10 conexiones simultáneas: ${verdict(ten.p95)}`);
    if (target.engine === 'pglite') {
      console.log(
        '  (PGlite ejecuta una consulta a la vez: con 10 en cola, cada una espera a las demás)',
      );
    }
  } finally {
    await api.close();
  }
  try {
    // The database's own limit (DESIGN decision 12): the same lookups' statements through pgbench.
    if (target.engine === 'postgres' && ten)
      await compararConPgbench({
        target,
        paths,
        connections: 10,
        duration: 5,
        api: ten,
        apiCpuMs: ten.cpu ? capacityOf(ten.cpu, ten.n, 10, 15).cpuPerRequestMs : undefined,
        label: 'GET municipios?nombre=xx',
      });
  } finally {
    await target.dispose();
  }
};
