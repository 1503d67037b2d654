import { afterAll, beforeAll, expect, test } from 'vitest';
import { parteListQuerySchema } from '@tvsistema/domain/partes';
import { createParteService, createPartesRepository, seedPartes } from '../../src/tools.js';
import type { AuthUser } from '../../src/index.js';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';

// An export reads its records in batches of 500. PGlite answers in the API's own thread without
// any I/O, so an export that never gave the event loop a turn would hold every other request until
// it ended (2 s for 33,000 suppliers). Between batches, other work must get its turn.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedPartes(t.database, 3000);
});
afterAll(async () => {
  await t?.close();
});

const ADMIN: AuthUser = { sub: 'export-test', email: null, roles: ['administracion'] };

test('other work runs while a long export is being read, not only after it', async () => {
  const service = createParteService(createPartesRepository(t.database), 'proveedor');
  const {
    page: _page,
    limit: _limit,
    ...query
  } = parteListQuerySchema.parse({
    empresa: 'alquileres',
  });
  const rows = await service.exportRows(ADMIN, query);

  let otherWorkRan = false;
  setImmediate(() => {
    otherWorkRan = true;
  });
  let read = 0;
  let readWhenOtherWorkRan: number | undefined;
  for await (const _row of rows) {
    read += 1;
    if (otherWorkRan && readWhenOtherWorkRan === undefined) readWhenOtherWorkRan = read;
  }

  expect(read).toBeGreaterThan(500);
  expect(readWhenOtherWorkRan).toBeDefined();
  expect(readWhenOtherWorkRan).toBeLessThan(read);
});
