import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { facturacionDeOrigenes } from '../../src/modules/finanzas/index.js';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database.js';

// The transport CSV export asks which of its albaranes are invoiced in one statement: 100,000 of
// them (logistica.md §10) once answered 503, a parameter per id being past the protocol's 65,535.

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

test('the invoicing of 70,000 origins is one statement, past the 65,535 parameters of one', async () => {
  const ids = Array.from({ length: 70_000 }, () => randomUUID());
  const mapa = await facturacionDeOrigenes(t.database.db, {
    origenTipo: 'albaran',
    origenIds: ids,
  });
  expect(mapa.size).toBe(70_000);
  expect(mapa.get(ids[69_999] ?? '')).toEqual([]);
});
