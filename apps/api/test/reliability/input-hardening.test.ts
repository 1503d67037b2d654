import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIMITS } from '@tvsistema/domain';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';
import { apiFor } from '../proveedores/partes-helpers.js';
import type { Api } from '../proveedores/partes-helpers.js';

// Issue 12.2 and 12.4: control characters and oversized lists are a Spanish 400 naming the field,
// never a 500, on bodies and query filters alike.

const CONTROL = 'No puede contener caracteres de control';
const NUL = '\u0000';

let t: TestApp;
let api: Api;
beforeAll(async () => {
  t = await createTestApp();
  api = apiFor(t);
});
afterAll(async () => {
  await t?.close();
});

const expectInvalid = (response: { statusCode: number; json(): unknown }, ...errors: string[]) => {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { message: string; errors: string[] };
  expect(body.message).toBe('Datos inválidos');
  expect(body.errors).toEqual(expect.arrayContaining(errors));
};

const valid = { nombre: 'Suministros Control', empresa: 'alquileres' };

describe('issue 12.2: control characters in bodies', () => {
  test.each([
    ['nombre', { ...valid, nombre: `Suministros${NUL}` }, `nombre: ${CONTROL}`],
    ['nombre (ESC)', { ...valid, nombre: 'Sum\u001Bin' }, `nombre: ${CONTROL}`],
    ['nombre (C1)', { ...valid, nombre: 'Sum\u0085in' }, `nombre: ${CONTROL}`],
    ['nombre (tab: single line)', { ...valid, nombre: 'Sum\tin' }, `nombre: ${CONTROL}`],
    [
      'contactos[0].nombre',
      { ...valid, contactos: [{ nombre: `Ana${NUL}` }] },
      `contactos[0].nombre: ${CONTROL}`,
    ],
    [
      'observaciones[0]',
      { ...valid, observaciones: [`nota${NUL}`] },
      `observaciones[0]: ${CONTROL}`,
    ],
    [
      'direccion.planta',
      { ...valid, direccion: { planta: `2${NUL}` } },
      `direccion.planta: ${CONTROL}`,
    ],
    ['direccion.paisId', { ...valid, direccion: { paisId: NUL } }, `direccion.paisId: ${CONTROL}`],
  ])('POST /api/proveedores refuses a control character in %s', async (_, payload, error) => {
    expectInvalid(await api.post('/api/proveedores', payload), error);
    expectInvalid(await api.post('/api/clientes', payload), error);
  });

  test('observaciones are multi-line: tab and line breaks pass', async () => {
    const response = await api.post('/api/proveedores', {
      ...valid,
      observaciones: ['línea 1\r\n\tlínea 2'],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.observaciones).toEqual(['línea 1\r\n\tlínea 2']);
  });

  test('PUT refuses them too', async () => {
    const created = await api.post('/api/proveedores', { ...valid, nombre: 'Para editar' });
    const { _id: id } = (created.json() as { data: { _id: string } }).data;
    expect(id).toBeTruthy();
    expectInvalid(
      await api.put(`/api/proveedores/${id}`, { nombre: `X${NUL}y` }),
      `nombre: ${CONTROL}`,
    );
  });

  test('locations: POST and PUT of a name, POST of a postal code', async () => {
    expectInvalid(
      await api.post('/api/localizacion/paises', { nombre: `Pa${NUL}is` }),
      `nombre: ${CONTROL}`,
    );
    expectInvalid(
      await api.post('/api/localizacion/provincias', { nombre: 'Provincia', paisId: NUL }),
      `paisId: ${CONTROL}`,
    );
    const pais = await api.post('/api/localizacion/paises', { nombre: 'Pais de control' });
    expect(pais.statusCode).toBe(201);
    const { _id: id } = (pais.json() as { data: { _id: string } }).data;
    expectInvalid(
      await api.put(`/api/localizacion/paises/${id}`, { nombre: `Otro${NUL}` }),
      `nombre: ${CONTROL}`,
    );
  });
});

describe('issue 12.2: control characters in query filters', () => {
  test.each([
    ['/api/proveedores?empresa=alquileres&searchTerm=%00', `searchTerm: ${CONTROL}`],
    ['/api/proveedores?empresa=alquileres&documento=%00', `documento: ${CONTROL}`],
    ['/api/clientes?empresa=alquileres&documentoExact=A%00B', `documentoExact: ${CONTROL}`],
    ['/api/proveedores/export?empresa=alquileres&searchTerm=a%00', `searchTerm: ${CONTROL}`],
    ['/api/localizacion/paises?nombre=%00', `nombre: ${CONTROL}`],
    ['/api/localizacion/provincias?paisId=%00', `paisId: ${CONTROL}`],
    ['/api/localizacion/codigos-postales?valorParcial=%01', `valorParcial: ${CONTROL}`],
  ])('GET %s', async (url, error) => {
    expectInvalid(await api.get(url), error);
  });

  test('ids with a NUL are a 404, not a 500', async () => {
    expect((await api.get('/api/proveedores/%00')).statusCode).toBe(404);
    expect((await api.get('/api/localizacion/paises/%00')).statusCode).toBe(404);
  });
});

describe('issue 12.4: list maxima', () => {
  test(`contactos: ${LIMITS.contactos.max} pass, one more is a 400`, async () => {
    const contactos = Array.from({ length: LIMITS.contactos.max + 1 }, (_, i) => ({
      nombre: `Contacto ${i}`,
    }));
    expect(
      (
        await api.post('/api/proveedores', {
          ...valid,
          nombre: 'Muchos contactos',
          contactos: contactos.slice(1),
        })
      ).statusCode,
    ).toBe(201);
    expectInvalid(
      await api.post('/api/proveedores', { ...valid, contactos }),
      'contactos: No se pueden registrar más de 20 contactos',
    );
  });

  test(`observaciones: ${LIMITS.observaciones.max} pass, one more is a 400`, async () => {
    const observaciones = Array.from({ length: LIMITS.observaciones.max + 1 }, (_, i) => `n ${i}`);
    expect(
      (
        await api.post('/api/clientes', {
          ...valid,
          nombre: 'Muchas notas',
          observaciones: observaciones.slice(1),
        })
      ).statusCode,
    ).toBe(201);
    expectInvalid(
      await api.post('/api/clientes', { ...valid, observaciones }),
      'observaciones: No se pueden registrar más de 50 observaciones',
    );
  });
});
