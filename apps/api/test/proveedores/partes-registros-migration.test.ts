import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { proveedorSchema } from '@tvsistema/domain/partes';
import { migrate, MIGRATIONS_DIR } from '../../src/index.js';
import { createTestDatabase } from '../helpers/test-app.js';
import type { TestDatabase } from '../helpers/test-app.js';

// A data folder from before migration 0004 holds parties without ready records: the migration
// must write them, or the lists of an upgraded installation would come back empty.

let testDatabase: TestDatabase | undefined;
let folder: string | undefined;
afterAll(async () => {
  await testDatabase?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

test('migration 0004 writes the records of the parties that already exist', async () => {
  testDatabase = await createTestDatabase();
  const { database } = testDatabase;
  folder = await mkdtemp(join(tmpdir(), 'tvsistema-0004-'));
  const names = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  const before = names.filter((name) => name < '0004');
  for (const name of before) await copyFile(join(MIGRATIONS_DIR, name), join(folder, name));
  expect(await migrate(database, { folder })).toEqual({ applied: before });

  // A supplier stored by the previous version, with an address.
  const id = await database.withSession(async (session) => {
    const one = async (text: string, params: unknown[]) =>
      (await session.query<{ id: string }>(`${text} returning id`, params))[0]!.id;
    const pais = await one(
      `insert into paises (nombre, nombre_busqueda) values ('ESPAÑA', 'espana')`,
      [],
    );
    const provincia = await one(
      `insert into provincias (nombre, nombre_busqueda, pais_id) values ('ILLES BALEARS', 'illes balears', $1)`,
      [pais],
    );
    return one(
      `insert into partes (tipo, empresa, nombre, nombre_busqueda, busqueda, documento,
         direccion_pais_id, direccion_provincia_id, created_by_email, updated_by_sub)
       values ('proveedor', 'alquileres', 'Antiguo S.L.', 'antiguo s.l.', 'antiguo s.l.', 'B12345674',
         $1, $2, 'admin@tvsistema.test', 'auth0|admin')`,
      [pais, provincia],
    );
  });

  const rest = names.filter((name) => name >= '0004');
  for (const name of rest) await copyFile(join(MIGRATIONS_DIR, name), join(folder, name));
  expect(await migrate(database, { folder })).toEqual({ applied: rest });

  const [row] = await database.withSession((session) =>
    session.query<{ registro: string }>('select registro from partes_registros where id = $1', [
      id,
    ]),
  );
  const record = proveedorSchema.strict().parse(JSON.parse(row!.registro));
  expect(record).toMatchObject({
    _id: id,
    nombre: 'Antiguo S.L.',
    documento: 'B12345674',
    empresa: 'alquileres',
    activo: true,
    contactos: [],
    createdBy: 'admin@tvsistema.test',
    updatedBy: 'auth0|admin',
    direccion: { pais: 'ESPAÑA', provincia: 'ILLES BALEARS', municipio: null, calle: null },
  });
});
