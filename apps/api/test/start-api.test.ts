import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { appMeta } from '../src/db/schema.js';
import { ConfigError, LOCATIONS_ES_META_KEY, MIGRATIONS_DIR, startApi } from '../src/index.js';

const dataDir = await mkdtemp(join(tmpdir(), 'tvsistema-data-'));
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

test('startApi migrates an on-disk PGlite under DATA_DIR, listens, and closes', async () => {
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
  };
  const api = await startApi(env, { handleSignals: false });
  try {
    const { port } = api.app.server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    await api.database.db.insert(appMeta).values({ key: 'prueba', value: 'persistido' });
  } finally {
    await api.close();
  }
  await api.close(); // a second close is harmless
  expect(api.app.server.listening).toBe(false);

  // The same folder opens again with its data, and the migrations are not repeated.
  const again = await startApi(env, { handleSignals: false });
  try {
    expect(await again.database.db.select().from(appMeta)).toContainEqual(
      expect.objectContaining({ key: 'prueba', value: 'persistido' }),
    );
    const applied = await again.database.withSession((session) =>
      session.query('select name from schema_migrations'),
    );
    const committed = (await readdir(MIGRATIONS_DIR))
      .filter((name) => name.endsWith('.sql'))
      .sort();
    expect(applied.map(({ name }) => name).sort()).toEqual(committed);
    // The first start loaded Spain's reference locations (issue 4).
    const seeded = await again.database.withSession((session) =>
      session.query<{ n: number }>(
        'select count(*)::int as n from municipios where exists (select 1 from app_meta where key = $1)',
        [LOCATIONS_ES_META_KEY],
      ),
    );
    expect(seeded).toEqual([{ n: 8132 }]);
  } finally {
    await again.close();
  }
  // Two starts on disk, the first seeding the reference data: slow on a busy machine.
}, 90_000);

test('startApi rejects a bad environment with a ConfigError before touching anything', async () => {
  await expect(startApi({ PORT: 'x', DATA_DIR: join(dataDir, 'never') })).rejects.toBeInstanceOf(
    ConfigError,
  );
  expect(existsSync(join(dataDir, 'never'))).toBe(false);
});
