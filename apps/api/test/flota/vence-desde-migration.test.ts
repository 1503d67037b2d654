import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../../src/index.js';
import { createTestDatabase } from '../helpers/test-app.js';
import type { TestDatabase } from '../helpers/test-app.js';

// Migration 0030 (decision 0029, evening revision): the list's vencimientos=N reads
// camiones.vence_desde, backfilled from the stored due items as `refrescar` writes it.

const MIGRACION = '0030_flota_vence_desde.sql';
let testDatabase: TestDatabase | undefined;
let folder: string | undefined;
afterAll(async () => {
  await testDatabase?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

test('0030 backfills the first due day (-infinity when due by km or with no policy) and the least km left', async () => {
  testDatabase = await createTestDatabase();
  const { database } = testDatabase;
  const query = <R>(text: string, params: unknown[] = []) =>
    database.withSession((session) => session.query<R>(text, params));
  folder = await mkdtemp(join(tmpdir(), 'tvsistema-0030-'));
  const anteriores = (await readdir(MIGRATIONS_DIR)).filter(
    (n) => n.endsWith('.sql') && n < MIGRACION,
  );
  for (const name of anteriores) await copyFile(join(MIGRATIONS_DIR, name), join(folder, name));
  expect((await migrate(database, { folder })).applied).toEqual(anteriores);

  // [matrícula, estado, items as (fecha, km_restantes)]
  const casos: [string, string, [string | null, number | null][]][] = [
    [
      '1001BCD',
      'activo',
      [
        ['2027-03-01', null],
        ['2026-12-10', 9000],
      ],
    ],
    [
      '1002BCD',
      'activo',
      [
        ['2027-03-01', null],
        [null, 1400],
      ],
    ],
    [
      '1003BCD',
      'en_taller',
      [
        [null, null],
        ['2027-03-01', null],
      ],
    ],
    ['1004BCD', 'baja', [['2026-12-10', null]]],
    ['1005BCD', 'activo', []],
  ];
  for (const [i, [matricula, estado, items]] of casos.entries()) {
    const [camion] = await query<{ id: string }>(
      `insert into camiones (matricula, bastidor, tipo, marca, modelo, fecha_primera_matriculacion,
         fecha_alta, mma_kg, tara_kg, itv_hasta, busqueda, estado)
       values ($1, $2, 'rigido', 'Iveco', 'Eurocargo', '2020-01-10', '2020-01-10', 12000, 6900,
         '2027-01-10', $1, $3)
       returning id::text as id`,
      [matricula, `WDB9634081000000${i}`, estado],
    );
    for (const [fecha, km] of items)
      await query(
        `insert into camion_vencimientos (camion_id, tipo, concepto, fecha, km_restantes)
         values ($1, 'mantenimiento', 'Revisión periódica', $2, $3)`,
        [camion?.id, fecha, km],
      );
  }

  await copyFile(join(MIGRATIONS_DIR, MIGRACION), join(folder, MIGRACION));
  expect((await migrate(database, { folder })).applied).toEqual([MIGRACION]);
  expect(
    await query(
      `select matricula, vence_desde::text as "venceDesde", km_restantes_min as "kmRestantesMin"
       from camiones order by matricula`,
    ),
  ).toEqual([
    { matricula: '1001BCD', venceDesde: '2026-12-10', kmRestantesMin: 9000 },
    { matricula: '1002BCD', venceDesde: '-infinity', kmRestantesMin: 1400 },
    { matricula: '1003BCD', venceDesde: '-infinity', kmRestantesMin: null },
    { matricula: '1004BCD', venceDesde: null, kmRestantesMin: null },
    { matricula: '1005BCD', venceDesde: null, kmRestantesMin: null },
  ]);
});
