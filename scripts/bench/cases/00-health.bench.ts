// Baseline for every other case: the cheapest authenticated round trip through the whole stack
// (HTTP, token check, one `select 1`) next to the same query run directly on the database.
import { createBenchTarget, openBenchDatabase, startBenchApi } from '../lib/bench-api.js';
import { loadTest } from '../lib/load.js';
import { printTable, summarize, timeSamples } from '../lib/stats.js';

export const run = async (): Promise<void> => {
  const target = await createBenchTarget();
  const database = await openBenchDatabase(target);
  const direct = summarize(await timeSamples(() => database.ping(), { iterations: 2000 }));
  await database.close();

  const api = await startBenchApi(target);
  try {
    const token = await target.token('admin@tvsistema.test');
    const http = await loadTest({
      url: api.url,
      connections: 10,
      duration: 5,
      headers: { authorization: `Bearer ${token}` },
      paths: ['/api/me'],
    });
    printTable([
      { label: `GET /api/me (HTTP, 10 conexiones, ${target.engine})`, ...http },
      { label: `select 1 directo (${target.engine})`, ...direct },
    ]);
  } finally {
    await api.close();
    await target.dispose();
  }
};
