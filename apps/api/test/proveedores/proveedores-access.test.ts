import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';
import { apiFor } from './partes-helpers.js';
import type { Api, Caller } from './partes-helpers.js';

let t: TestApp;
let api: Api;
let alquileresId: string;
let transporteId: string;

const URL = '/api/proveedores';
const FORBIDDEN = { message: 'No tiene permisos para realizar esta acción' };
const NOT_FOUND = { message: 'Proveedor no encontrado' };

beforeAll(async () => {
  t = await createTestApp();
  api = apiFor(t);
  alquileresId = (await api.post(URL, { nombre: 'Andamios Llull', empresa: 'alquileres' })).json()
    .data._id;
  transporteId = (await api.post(URL, { nombre: 'Gasóleos Vidal', empresa: 'transporte' })).json()
    .data._id;
});
afterAll(async () => {
  await t?.close();
});

describe('roles (SPEC 6: list any signed-in user; new/edit administracion, operaciones)', () => {
  test.each<Caller>(['empleado', 'alquileres', 'transportes', 'arquitecto'])(
    '%s cannot create or edit suppliers (403)',
    async (caller) => {
      const created = await api.post(URL, { nombre: 'No', empresa: 'alquileres' }, caller);
      expect(created.statusCode).toBe(403);
      expect(created.json()).toEqual(FORBIDDEN);
      const edited = await api.put(`${URL}/${alquileresId}`, { nombre: 'No' }, caller);
      expect(edited.statusCode).toBe(403);
    },
  );

  test('operaciones creates and edits suppliers of its empresas', async () => {
    const created = await api.post(
      URL,
      { nombre: 'Grúas Pons', empresa: 'transporte' },
      'operaciones',
    );
    expect(created.statusCode).toBe(201);
    const edited = await api.put(
      `${URL}/${created.json().data._id}`,
      { nombre: 'Grúas Pons S.L.' },
      'operaciones',
    );
    expect(edited.statusCode).toBe(200);
  });

  test('the role check comes before validation: a 403, not a 400, for an invalid body', async () => {
    expect((await api.post(URL, {}, 'empleado')).statusCode).toBe(403);
  });

  test('no token is 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${URL}?empresa=alquileres` });
    expect(response.statusCode).toBe(401);
  });

  test('a user without roles reaches no empresa', async () => {
    const response = await api.get(`${URL}?empresa=alquileres`, 'sinRoles');
    expect(response.statusCode).toBe(403);
    expect((await api.get(`${URL}/${alquileresId}`, 'sinRoles')).statusCode).toBe(404);
  });
});

describe('empresa scoping (a user sees only the empresas of the systems they reach)', () => {
  test('a transportes user lists transporte suppliers, not alquileres ones (403)', async () => {
    const own = await api.get(`${URL}?empresa=transporte`, 'transportes');
    expect(own.statusCode).toBe(200);
    expect(own.json().data.map((p: { nombre: string }) => p.nombre)).toContain('Gasóleos Vidal');
    const other = await api.get(`${URL}?empresa=alquileres`, 'transportes');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual(FORBIDDEN);
  });

  test('reading another empresa’s supplier by id answers 404, as if it did not exist', async () => {
    const response = await api.get(`${URL}/${alquileresId}`, 'transportes');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
    expect((await api.get(`${URL}/${transporteId}`, 'transportes')).statusCode).toBe(200);
  });

  test('the legacy maquinaria role reaches transporte only', async () => {
    expect((await api.get(`${URL}?empresa=transporte`, 'maquinaria')).statusCode).toBe(200);
    expect((await api.get(`${URL}?empresa=alquileres`, 'maquinaria')).statusCode).toBe(403);
  });

  test('operaciones (alquileres + transportes) cannot write verticales suppliers', async () => {
    const created = await api.post(URL, { nombre: 'Obra', empresa: 'verticales' }, 'operaciones');
    expect(created.statusCode).toBe(403);
    const vertical = (await api.post(URL, { nombre: 'Cuerdas', empresa: 'verticales' })).json()
      .data;
    const edited = await api.put(`${URL}/${vertical._id}`, { nombre: 'Cambio' }, 'operaciones');
    expect(edited.statusCode).toBe(404);
    expect(edited.json()).toEqual(NOT_FOUND);
    expect((await api.get(`${URL}/${vertical._id}`)).json().data.nombre).toBe('Cuerdas');
  });

  test('empleado reads alquileres suppliers only', async () => {
    expect((await api.get(`${URL}?empresa=alquileres`, 'empleado')).statusCode).toBe(200);
    expect((await api.get(`${URL}?empresa=transporte`, 'empleado')).statusCode).toBe(403);
    expect((await api.get(`${URL}/${transporteId}`, 'empleado')).statusCode).toBe(404);
  });

  test('the export is scoped like the list', async () => {
    expect((await api.get(`${URL}/export?empresa=alquileres`, 'transportes')).statusCode).toBe(403);
    expect((await api.get(`${URL}/export?empresa=transporte`, 'transportes')).statusCode).toBe(200);
  });

  test('the duplicate check of another empresa does not leak through documentoExact', async () => {
    await api.post(URL, { nombre: 'Doc', documento: 'LEAK-001', empresa: 'alquileres' });
    const response = await api.get(
      `${URL}?empresa=alquileres&documentoExact=LEAK-001&limit=1&page=1`,
      'transportes',
    );
    expect(response.statusCode).toBe(403);
  });
});
