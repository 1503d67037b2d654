// Municipio lookups by a two-letter prefix over all of Spain (8,132 municipios), as the address
// picker's typeahead sends them: GET /api/localizacion/municipios?nombre=xx, 100 a page. Beside
// it, the same query run directly on the database. Target: p95 <= 15 ms through the API.
// BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (that database is migrated and seeded).
import { normalizeSearchText } from '@tvsistema/domain';
import {
  createLocalizacionRepository,
  LOCATION_LEVELS,
  seedLocationReferenceData,
} from '@tvsistema/api';
import { createBenchTarget, openBenchDatabase, startBenchApi } from '../lib/bench-api.js';
import { loadTest } from '../lib/load.js';
import { printTable, summarize, timeSamples } from '../lib/stats.js';

const PAGE = 100;

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

  const api = await startBenchApi(target);
  try {
    const token = await target.token('admin@tvsistema.test');
    const paths = prefixes.map((prefix) => `/api/localizacion/municipios?nombre=${prefix}`);
    const load = (connections: number) =>
      loadTest({
        url: api.url,
        connections,
        duration: 5,
        headers: { authorization: `Bearer ${token}` },
        paths,
      });
    const single = await load(1);
    const ten = await load(10);
    printTable([
      { label: `GET municipios?nombre=xx (HTTP, 1 conexión, ${target.engine})`, ...single },
      { label: `GET municipios?nombre=xx (HTTP, 10 conexiones, ${target.engine})`, ...ten },
      { label: `misma consulta directa (${target.engine})`, ...direct },
    ]);
    const p95 = Math.max(single.p95, ten.p95);
    console.log(`Objetivo p95 <= 15 ms: ${p95 <= 15 ? 'cumplido' : 'NO cumplido'} (p95 ${p95} ms)`);
  } finally {
    await api.close();
    await target.dispose();
  }
};
