import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';
import { locationApi } from './location-api.js';
import type { LocationRecord } from './location-api.js';

let t: TestApp;
let api: ReturnType<typeof locationApi>;
let h: Awaited<ReturnType<ReturnType<typeof locationApi>['hierarchy']>>;
let calle: LocationRecord;
let cp: LocationRecord;

const sql = (text: string, params: unknown[] = []) =>
  t.database.withSession((session) => session.query(text, params));

beforeAll(async () => {
  t = await createTestApp();
  api = locationApi(t);
  // Addresses as another module (suppliers, clients) will store them: FK columns to the levels,
  // in a table this module does not know.
  await sql(`create table direcciones_prueba (
    id serial primary key,
    provincia_id uuid references provincias(id),
    ciudad_id uuid references ciudades(id),
    calle_id uuid references calles(id),
    codigo_postal_id uuid references codigos_postales(id),
    calle_fiscal_id uuid references calles(id)
  )`);
  h = await api.hierarchy('uso');
  calle = await api.create('calles', { nombre: 'Calle Usada', ciudadId: h.ciudad._id });
  cp = await api.create('codigos-postales', { valor: '98001', ciudadId: h.ciudad._id });
});
afterAll(async () => {
  await t?.close();
});

describe('a level still used by addresses cannot be deleted', () => {
  test('the message counts the addresses, and nothing is lost', async () => {
    for (let i = 0; i < 3; i += 1) {
      await sql('insert into direcciones_prueba (calle_id) values ($1)', [calle._id]);
    }
    expect(await api.call('DELETE', `/calles/${calle._id}`)).toEqual({
      status: 409,
      body: {
        message: 'No se puede eliminar la calle "CALLE USADA": está en uso en 3 direcciones.',
      },
    });
    expect((await api.call('GET', `/calles/${calle._id}`)).status).toBe(200);
    expect(await api.call('GET', `/calles/${calle._id}/dependencias`)).toEqual({
      status: 200,
      body: { success: true, data: { hijos: [], usos: 3 } },
    });
  });

  test('an address that uses a calle through two columns counts once', async () => {
    const otra = await api.create('calles', { nombre: 'Calle Doble', ciudadId: h.ciudad._id });
    await sql('insert into direcciones_prueba (calle_id, calle_fiscal_id) values ($1, $1)', [
      otra._id,
    ]);
    expect((await api.call('DELETE', `/calles/${otra._id}`)).body).toEqual({
      message: 'No se puede eliminar la calle "CALLE DOBLE": está en uso en 1 dirección.',
    });
  });

  test('a postal code in use', async () => {
    await sql('insert into direcciones_prueba (codigo_postal_id) values ($1)', [cp._id]);
    expect((await api.call('DELETE', `/codigos-postales/${cp._id}`)).body).toEqual({
      message: 'No se puede eliminar el código postal "98001": está en uso en 1 dirección.',
    });
  });

  test('children and uses together', async () => {
    await sql('insert into direcciones_prueba (ciudad_id) values ($1), ($1)', [h.ciudad._id]);
    expect(await api.call('DELETE', `/ciudades/${h.ciudad._id}`)).toEqual({
      status: 409,
      body: {
        message:
          'No se puede eliminar la ciudad "VILLA USO": tiene 2 calles y 1 código postal, y está en uso en 2 direcciones.',
      },
    });
    expect((await api.call('GET', `/ciudades/${h.ciudad._id}/dependencias`)).body.data).toEqual({
      hijos: [
        { entidad: 'calle', total: 2 },
        { entidad: 'codigoPostal', total: 1 },
      ],
      usos: 2,
    });
  });

  test('a municipio with its ciudad; a país with its provincia', async () => {
    expect((await api.call('DELETE', `/municipios/${h.municipio._id}`)).body).toEqual({
      message: 'No se puede eliminar el municipio "VILLA USO": tiene 1 ciudad.',
    });
    expect((await api.call('DELETE', `/paises/${h.pais._id}`)).body).toEqual({
      message: 'No se puede eliminar el país "TIERRA USO": tiene 1 provincia.',
    });
    await sql('insert into direcciones_prueba (provincia_id) values ($1)', [h.provincia._id]);
    expect((await api.call('DELETE', `/provincias/${h.provincia._id}`)).body).toEqual({
      message:
        'No se puede eliminar la provincia "COMARCA USO": tiene 1 municipio y 1 ciudad, y está en uso en 1 dirección.',
    });
  });

  test('dependencias lists every level below with zeros', async () => {
    const x = await api.hierarchy('vacía');
    expect(
      (await api.call('GET', `/provincias/${x.provincia._id}/dependencias`)).body.data,
    ).toEqual({
      hijos: [
        { entidad: 'municipio', total: 1 },
        { entidad: 'ciudad', total: 1 },
      ],
      usos: 0,
    });
    expect((await api.call('GET', `/ciudades/${x.ciudad._id}/dependencias`)).body.data).toEqual({
      hijos: [
        { entidad: 'calle', total: 0 },
        { entidad: 'codigoPostal', total: 0 },
      ],
      usos: 0,
    });
  });

  test('once its uses are gone, it can be deleted', async () => {
    await sql('delete from direcciones_prueba where calle_id = $1', [calle._id]);
    expect((await api.call('DELETE', `/calles/${calle._id}`)).status).toBe(200);
  });
});
