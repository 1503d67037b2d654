import { expect, test } from 'vitest';
import { direccionInputSchema } from '@tvsistema/domain/localizacion';
import { direccionJsonSql, validateDireccion } from '../../src/modules/localizacion/index.js';
import { fullDireccion, useAppWithLocations } from '../proveedores/partes-helpers.js';

// The address as localización hands it to every module that stores one: the check before a
// write (with the names it found) and the SQL that reads it back with its names, both equal to
// what the partes read model (migration 0004) answers.

const app = useAppWithLocations();

test('validateDireccion finds every level of a consistent address and names it', async () => {
  const created = await app.api.post('/api/proveedores', {
    nombre: 'Dirección Completa S.L.',
    empresa: 'alquileres',
    direccion: fullDireccion(app.tree),
  });
  expect(created.statusCode).toBe(201);
  const parsed = direccionInputSchema.parse(fullDireccion(app.tree));
  const check = await validateDireccion(app.t.database.db, parsed);
  expect(check.errors).toEqual([]);
  expect(check.direccion).toEqual(created.json().data.direccion);
  expect(await validateDireccion(app.t.database.db, undefined)).toEqual({
    errors: [],
    direccion: null,
  });
});

test('validateDireccion names the field of each level that does not fit', async () => {
  const parsed = direccionInputSchema.parse({
    ...fullDireccion(app.tree),
    provinciaId: app.tree.otraProvinciaId,
    calleId: '00000000-0000-4000-8000-000000000000',
    codigoPostalId: 'not-a-uuid',
  });
  const { errors } = await validateDireccion(app.t.database.db, parsed, 'direccionEntrega');
  expect(errors).toEqual([
    'direccionEntrega.provinciaId: La provincia no pertenece al país seleccionado',
    'direccionEntrega.municipioId: El municipio no pertenece a la provincia seleccionada',
    'direccionEntrega.ciudadId: La ciudad no pertenece al municipio seleccionado',
    'direccionEntrega.calleId: La calle seleccionada no existe',
    'direccionEntrega.codigoPostalId: El código postal seleccionado no existe',
  ]);
});

test('direccionJsonSql builds the same direccion object as the partes read model', async () => {
  const created = await app.api.post('/api/proveedores', {
    nombre: 'Dirección Leída S.L.',
    empresa: 'transporte',
    direccion: { ...fullDireccion(app.tree), calleId: null, planta: '' },
  });
  expect(created.statusCode).toBe(201);
  const { _id: id, direccion } = created.json().data;
  const [row] = await app.t.database.withSession((session) =>
    session.query<{ direccion: unknown }>(
      `select ${direccionJsonSql('p')} as direccion from partes p where p.id = $1`,
      [id],
    ),
  );
  expect(row?.direccion).toEqual(direccion);
});
