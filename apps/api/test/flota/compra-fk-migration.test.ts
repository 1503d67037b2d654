import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../../src/index.js';
import { createTestDatabase } from '../helpers/test-app.js';
import type { TestDatabase } from '../helpers/test-app.js';

// Migration 0025 (decision 0029): mantenimiento.compra_id, text until then, becomes a uuid that
// references compras. A link the API would have refused (no uuid, or no such compra) is cleared
// so the key can be added; a real one is kept.

const MIGRACION = '0025_flota_compra_fk.sql';
let testDatabase: TestDatabase | undefined;
let folder: string | undefined;
afterAll(async () => {
  await testDatabase?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

test('0025 keeps a real compra link, clears the others, then the key refuses a missing compra', async () => {
  testDatabase = await createTestDatabase();
  const { database } = testDatabase;
  const query = <R>(text: string, params: unknown[] = []) =>
    database.withSession((session) => session.query<R>(text, params));
  folder = await mkdtemp(join(tmpdir(), 'tvsistema-0025-'));
  const anteriores = (await readdir(MIGRATIONS_DIR)).filter(
    (n) => n.endsWith('.sql') && n < MIGRACION,
  );
  for (const name of anteriores) await copyFile(join(MIGRATIONS_DIR, name), join(folder, name));
  expect((await migrate(database, { folder })).applied).toEqual(anteriores);

  const [compra] = await query<{ id: string }>(
    `insert into compras (empresa, numero_registro, proveedor_id, proveedor, numero_factura_proveedor,
       fecha_expedicion, fecha_recepcion, fecha_vencimiento, lineas, base_imponible, cuota_iva,
       cuota_deducible, importe_total, retencion, total_a_pagar, pendiente)
     values ('transporte', 'CT-2026-0001', gen_random_uuid(), '{"nombre":"Taller","documento":null}',
       'SC-1', '2026-11-20', '2026-11-20', '2026-12-20', '[]', 100, 21, 21, 121, 0, 121, 121)
     returning id::text as id`,
  );
  const [camion] = await query<{ id: string }>(
    `insert into camiones (matricula, bastidor, tipo, marca, modelo, fecha_primera_matriculacion,
       fecha_alta, mma_kg, tara_kg, itv_hasta, busqueda)
     values ('1234BCD', 'WDB96340810000001', 'rigido', 'Iveco', 'Eurocargo', '2020-01-10',
       '2020-01-10', 12000, 6900, '2027-01-10', '1234bcd')
     returning id::text as id`,
  );
  const enlaces = {
    real: compra?.id ?? '',
    mayusculas: (compra?.id ?? '').toUpperCase(),
    inexistente: '8b0f8a9e-3f7c-4b8e-9d4a-1c2e3f4a5b6c',
    texto: 'C-1',
  };
  for (const [descripcion, compraId] of Object.entries(enlaces))
    await query(
      `insert into camion_mantenimientos (camion_id, fecha, tipo, descripcion, compra_id)
       values ($1, '2026-11-20', 'otro', $2, $3)`,
      [camion?.id, descripcion, compraId],
    );

  await copyFile(join(MIGRATIONS_DIR, MIGRACION), join(folder, MIGRACION));
  expect((await migrate(database, { folder })).applied).toEqual([MIGRACION]);
  const filas = await query<{ descripcion: string; compra_id: string | null }>(
    'select descripcion, compra_id::text as compra_id from camion_mantenimientos order by descripcion',
  );
  expect(filas).toEqual([
    { descripcion: 'inexistente', compra_id: null },
    { descripcion: 'mayusculas', compra_id: compra?.id },
    { descripcion: 'real', compra_id: compra?.id },
    { descripcion: 'texto', compra_id: null },
  ]);
  await expect(
    query(
      `insert into camion_mantenimientos (camion_id, fecha, tipo, compra_id)
       values ($1, '2026-11-21', 'otro', $2)`,
      [camion?.id, enlaces.inexistente],
    ),
  ).rejects.toMatchObject({ code: '23503' });
});
