import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { escalaDeArgumento, sembrarVolumen } from '../src/tools.js';
import { openTestDatabase, type TestDatabase } from './helpers/test-database.js';

// `npm run seed:bulk -- <modulo> [escala]` at the smallest scale: each module's steps run in their
// order (comercial's rentals on inventario's machines) and report the rows they wrote.

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const cuenta = async (consulta: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(consulta)) as unknown as { rows: { n: number }[] }).rows[0]?.n;

test('albaranes: transport and rental albaranes, reported by table', async () => {
  const filas = await sembrarVolumen(t.database, 'albaranes', 0.0001, '2026-11-23');
  expect(filas).toEqual({ partes: 20, alquileres: 20, albaranes: 200 });
  expect(
    await cuenta(sql`select count(*)::int as n from albaranes where clase = 'transporte'`),
  ).toBe(100);
  expect(await cuenta(sql`select count(*)::int as n from albaranes where clase = 'alquiler'`)).toBe(
    100,
  );
});

test('comercial: inventario first (its machines), then rentals with lines and quotes', async () => {
  const filas = await sembrarVolumen(t.database, 'comercial', 0.0001, '2026-11-23');
  expect(filas.maquinas).toBe(1);
  expect(filas.alquileres).toBe(20);
  expect(filas.presupuestos).toBe(20);
  expect(
    await cuenta(
      sql`select count(*)::int as n from alquiler_lineas l join maquinas m on m.id = l.maquina_id`,
    ),
  ).toBeGreaterThanOrEqual(80);
});

test("obras after comercial: the works take obras' own clients, not comercial's of the same name", async () => {
  const filas = await sembrarVolumen(t.database, 'obras', 0.0001, '2026-11-23');
  expect(filas.obras).toBe(10);
  expect(
    await cuenta(
      sql`select count(*)::int as n from obras o join partes p on p.id = o.cliente_id
          where o.nombre like 'Obra bench %' and p.empresa = 'verticales'`,
    ),
  ).toBe(10);
});

test('the argument: a scale up to 10, from 100 on a count of the main rows; otherwise refused', () => {
  expect(escalaDeArgumento('albaranes', undefined)).toBe(1);
  expect(escalaDeArgumento('albaranes', '0.1')).toBe(0.1);
  expect(escalaDeArgumento('albaranes', '500000')).toBe(1);
  expect(escalaDeArgumento('facturas', '10000')).toBe(0.1);
  for (const malo of ['50', '0', '-1', 'diez'])
    expect(escalaDeArgumento('obras', malo)).toBe(undefined);
});
