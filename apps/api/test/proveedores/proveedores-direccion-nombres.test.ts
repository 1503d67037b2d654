import { expect, test } from 'vitest';
import { fullDireccion, useAppWithLocations } from './partes-helpers.js';

// A party's record shows the current names of its address levels: they are kept on the row
// (migration 0004), so a rename in the cities screen must reach every party that uses the level.

const app = useAppWithLocations();

/** An address on the second branch of seedLocations (Sóller), in the first country and province. */
const otraRama = () => ({
  paisId: app.tree.paisId,
  provinciaId: app.tree.provinciaId,
  municipioId: app.tree.otroMunicipioId,
  ciudadId: app.tree.otraCiudadId,
  calleId: app.tree.otraCalleId,
  codigoPostalId: app.tree.otroCodigoPostalId,
});

const direccionOf = async (id: string) =>
  (await app.api.get(`/api/proveedores/${id}`)).json().data.direccion;

test('renaming any level shows the new name on its suppliers, in the record and the list', async () => {
  const created = await app.api.post('/api/proveedores', {
    nombre: 'Renombrados S.L.',
    empresa: 'alquileres',
    direccion: fullDireccion(app.tree),
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
  const other = await app.api.post('/api/proveedores', {
    nombre: 'Otra Rama',
    empresa: 'alquileres',
    direccion: { ...otraRama(), codigoPostalId: null },
  });
  expect(other.statusCode).toBe(201);

  const renames = [
    ['paises', app.tree.paisId, 'pais'],
    ['provincias', app.tree.provinciaId, 'provincia'],
    ['municipios', app.tree.municipioId, 'municipio'],
    ['ciudades', app.tree.ciudadId, 'ciudad'],
    ['calles', app.tree.calleId, 'calle'],
  ] as const;
  for (const [level, levelId, field] of renames) {
    const response = await app.api.put(`/api/localizacion/${level}/${levelId}`, {
      nombre: `Nuevo ${field}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await direccionOf(id))[field]).toBe(`NUEVO ${field.toUpperCase()}`);
  }
  // Postal codes have no rename screen; a correction in the table reaches the parties too.
  await app.t.database.withSession((session) =>
    session.query(`update codigos_postales set valor = '07003' where id = $1`, [
      app.tree.codigoPostalId,
    ]),
  );

  const expected = {
    ...fullDireccion(app.tree),
    pais: 'NUEVO PAIS',
    provincia: 'NUEVO PROVINCIA',
    municipio: 'NUEVO MUNICIPIO',
    ciudad: 'NUEVO CIUDAD',
    calle: 'NUEVO CALLE',
    codigoPostal: '07003',
  };
  expect(await direccionOf(id)).toEqual(expected);
  const listed = await app.api.get('/api/proveedores?empresa=alquileres&searchTerm=renombrados');
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
  const created = await app.api.post('/api/proveedores', {
    nombre: 'Mudanzas S.L.',
    empresa: 'alquileres',
    direccion: fullDireccion(app.tree),
  });
  const { _id: id } = created.json().data;
  const moved = await app.api.put(`/api/proveedores/${id}`, {
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
  const cleared = await app.api.put(`/api/proveedores/${id}`, { nombre: 'Mudanzas S.L.' });
  expect(cleared.statusCode, cleared.body).toBe(200);
  expect(Object.values(cleared.json().data.direccion).every((value) => value === null)).toBe(true);
});
