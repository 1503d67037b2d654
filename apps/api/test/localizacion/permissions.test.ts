import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';
import { locationApi } from './location-api.js';
import type { LocationRecord } from './location-api.js';

let t: TestApp;
let api: ReturnType<typeof locationApi>;
let h: Awaited<ReturnType<ReturnType<typeof locationApi>['hierarchy']>>;

const FORBIDDEN = { message: 'No tiene permisos para realizar esta acción' };

beforeAll(async () => {
  t = await createTestApp();
  api = locationApi(t);
  h = await api.hierarchy('permisos');
});
afterAll(async () => {
  await t?.close();
});

const LEVELS = ['paises', 'provincias', 'municipios', 'ciudades', 'calles', 'codigos-postales'];

describe('without a token every location route is 401', () => {
  test.each(LEVELS)('%s', async (level) => {
    const id = h.pais._id;
    for (const [method, path] of [
      ['GET', `/${level}`],
      ['POST', `/${level}`],
      ['GET', `/${level}/${id}`],
      ['PUT', `/${level}/${id}`],
      ['DELETE', `/${level}/${id}`],
      ['GET', `/${level}/${id}/dependencias`],
    ] as const) {
      const reply = await api.call(method, path, { anonymous: true, payload: {} });
      expect(reply.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('reading: any signed-in user', () => {
  test.each([[['empleado']], [[]], [['arquitecto']]])('roles %j', async (roles) => {
    expect((await api.call('GET', '/paises', { roles })).status).toBe(200);
    expect((await api.call('GET', `/provincias/${h.provincia._id}`, { roles })).status).toBe(200);
    expect(
      (await api.call('GET', `/ciudades/${h.ciudad._id}/dependencias`, { roles })).status,
    ).toBe(200);
  });
});

describe('creating: whoever may edit suppliers, clients or quotes (comercial.md §7)', () => {
  test.each([[['transportes']], [['maquinaria']], [[]]])('roles %j → 403', async (roles) => {
    expect(
      await api.call('POST', '/calles', {
        roles,
        payload: { nombre: 'Prohibida', ciudadId: h.ciudad._id },
      }),
    ).toEqual({ status: 403, body: FORBIDDEN });
  });

  test.each([
    ['operaciones (edits suppliers)', 'operaciones'],
    ['empleado (writes quotes and rentals)', 'empleado'],
    ['alquileres (writes quotes and rentals)', 'alquileres'],
  ])('%s → 201', async (_quien, role) => {
    const reply = await api.call('POST', '/calles', {
      roles: [role],
      payload: { nombre: `Permitida ${role}`, ciudadId: h.ciudad._id },
    });
    expect(reply.status).toBe(201);
  });

  test('a forbidden caller gets 403 before its body is validated', async () => {
    expect(await api.call('POST', '/calles', { roles: ['transportes'], payload: {} })).toEqual({
      status: 403,
      body: FORBIDDEN,
    });
  });
});

describe('renaming and deleting: administracion only', () => {
  let calle: LocationRecord;
  beforeAll(async () => {
    calle = await api.create('calles', { nombre: 'Gestionada', ciudadId: h.ciudad._id });
  });

  test.each([[['operaciones']], [['empleado']], [['alquileres', 'operaciones']]])(
    'roles %j → 403',
    async (roles) => {
      expect(
        await api.call('PUT', `/calles/${calle._id}`, { roles, payload: { nombre: 'Otra' } }),
      ).toEqual({ status: 403, body: FORBIDDEN });
      expect(await api.call('DELETE', `/calles/${calle._id}`, { roles })).toEqual({
        status: 403,
        body: FORBIDDEN,
      });
    },
  );

  test('administracion → 200', async () => {
    expect(
      (await api.call('PUT', `/calles/${calle._id}`, { payload: { nombre: 'Renombrada' } })).status,
    ).toBe(200);
    expect((await api.call('DELETE', `/calles/${calle._id}`)).status).toBe(200);
  });
});

test('the OpenAPI document describes the location routes with their permission', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const document = response.json() as {
    paths: Record<string, Record<string, { description?: string; summary?: string }>>;
  };
  expect(
    Object.keys(document.paths).filter((path) => path.startsWith('/api/localizacion/')),
  ).toHaveLength(24);
  const list = document.paths['/api/localizacion/municipios']?.get;
  expect(list?.summary).toBe('Lista de municipios');
  expect(list?.description).toContain('Permiso: `localizacion.view`');
  expect(document.paths['/api/localizacion/calles/{id}']?.delete?.description).toContain(
    'Permiso: `ciudades.manage`',
  );
  expect(document.paths['/api/localizacion/calles']?.post?.description).toContain(
    'Permiso: `localizacion.create`',
  );
});
