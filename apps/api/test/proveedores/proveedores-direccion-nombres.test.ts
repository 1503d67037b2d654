import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';
import { apiFor, fullDireccion, seedLocations } from './partes-helpers.js';
import type { Api, LocationTree } from './partes-helpers.js';

// A party's record shows the current names of its address levels: they are kept on the row
// (migration 0004), so a rename in the cities screen must reach every party that uses the level.

let t: TestApp;
let api: Api;
let tree: LocationTree;

beforeAll(async () => {
  t = await createTestApp();
  api = apiFor(t);
  tree = await seedLocations(t);
});
afterAll(async () => {
  await t?.close();
});

/** An address on the second branch of seedLocations (Sóller), in the first country and province. */
const otraRama = () => ({
  paisId: tree.paisId,
  provinciaId: tree.provinciaId,
  municipioId: tree.otroMunicipioId,
  ciudadId: tree.otraCiudadId,
  calleId: tree.otraCalleId,
  codigoPostalId: tree.otroCodigoPostalId,
});

const direccionOf = async (id: string) =>
  (await api.get(`/api/proveedores/${id}`)).json().data.direccion;

test('renaming any level shows the new name on its suppliers, in the record and the list', async () => {
  const created = await api.post('/api/proveedores', {
    nombre: 'Renombrados S.L.',
    empresa: 'alquileres',
    direccion: fullDireccion(tree),
  });
  expect(created.statusCode).toBe(201);
  const { _id: id, direccion } = created.json().data;
  expect(direccion).toMatchObject({
    pais: 'PAÍS DE PRUEBA CRM',
    provincia: 'ILLES BALEARS CRM',
    municipio: 'PALMA CRM',
    ciudad: 'PALMA DE MALLORCA CRM',
    calle: 'CALLE DE SANT MIQUEL',
    codigoPostal: '07002',
  });
  // A supplier on the other branch keeps its names.
  const other = await api.post('/api/proveedores', {
    nombre: 'Otra Rama',
    empresa: 'alquileres',
    direccion: { ...otraRama(), codigoPostalId: null },
  });
  expect(other.statusCode).toBe(201);

  const renames = [
    ['paises', tree.paisId, 'pais'],
    ['provincias', tree.provinciaId, 'provincia'],
    ['municipios', tree.municipioId, 'municipio'],
    ['ciudades', tree.ciudadId, 'ciudad'],
    ['calles', tree.calleId, 'calle'],
  ] as const;
  for (const [level, levelId, field] of renames) {
    const response = await api.put(`/api/localizacion/${level}/${levelId}`, {
      nombre: `Nuevo ${field}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await direccionOf(id))[field]).toBe(`NUEVO ${field.toUpperCase()}`);
  }
  // Postal codes have no rename screen; a correction in the table reaches the parties too.
  await t.database.withSession((session) =>
    session.query(`update codigos_postales set valor = '07003' where id = $1`, [
      tree.codigoPostalId,
    ]),
  );

  const expected = {
    ...fullDireccion(tree),
    pais: 'NUEVO PAIS',
    provincia: 'NUEVO PROVINCIA',
    municipio: 'NUEVO MUNICIPIO',
    ciudad: 'NUEVO CIUDAD',
    calle: 'NUEVO CALLE',
    codigoPostal: '07003',
  };
  expect(await direccionOf(id)).toEqual(expected);
  const listed = await api.get('/api/proveedores?empresa=alquileres&searchTerm=renombrados');
  expect(listed.json().data.map((parte: { direccion: unknown }) => parte.direccion)).toEqual([
    expected,
  ]);
  expect(await direccionOf(other.json().data._id)).toMatchObject({
    pais: 'NUEVO PAIS',
    provincia: 'NUEVO PROVINCIA',
    municipio: 'SÓLLER CRM',
    ciudad: 'PORT DE SÓLLER CRM',
    calle: 'CARRER DE LA MAR',
    codigoPostal: null,
  });
});

test('moving a supplier to other levels writes their names, and clearing the address clears them', async () => {
  const created = await api.post('/api/proveedores', {
    nombre: 'Mudanzas S.L.',
    empresa: 'alquileres',
    direccion: fullDireccion(tree),
  });
  const { _id: id } = created.json().data;
  const moved = await api.put(`/api/proveedores/${id}`, {
    nombre: 'Mudanzas S.L.',
    direccion: otraRama(),
  });
  expect(moved.statusCode, moved.body).toBe(200);
  expect(moved.json().data.direccion).toMatchObject({
    municipio: 'SÓLLER CRM',
    ciudad: 'PORT DE SÓLLER CRM',
    calle: 'CARRER DE LA MAR',
    codigoPostal: '07108',
  });
  const cleared = await api.put(`/api/proveedores/${id}`, { nombre: 'Mudanzas S.L.' });
  expect(cleared.statusCode, cleared.body).toBe(200);
  expect(Object.values(cleared.json().data.direccion).every((value) => value === null)).toBe(true);
});
