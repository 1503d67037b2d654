import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';
import { locationApi, UNKNOWN_ID } from './location-api.js';
import type { LocationRecord } from './location-api.js';

let t: TestApp;
let api: ReturnType<typeof locationApi>;
let h: Awaited<ReturnType<ReturnType<typeof locationApi>['hierarchy']>>;

beforeAll(async () => {
  t = await createTestApp();
  api = locationApi(t);
  h = await api.hierarchy('crud');
});
afterAll(async () => {
  await t?.close();
});

const INVALID = 'Datos inválidos';
const POSTAL =
  'Debe tener al menos 3 caracteres y solo puede incluir letras, números, espacios o guiones';

describe('POST creates every level, trimmed and uppercased (SPEC 5), with the SPEC 8 message', () => {
  test('país', async () => {
    const reply = await api.call('POST', '/paises', {
      payload: { nombre: '  nueva   zelanda ', codigo: 'nz' },
    });
    expect(reply).toEqual({
      status: 201,
      body: {
        success: true,
        data: { _id: expect.any(String), nombre: 'NUEVA ZELANDA', codigo: 'NZ', version: 1 },
        message: 'País "NUEVA ZELANDA" creado exitosamente',
      },
    });
  });

  test('provincia (no alternative name of its own)', async () => {
    const reply = await api.call('POST', '/provincias', {
      payload: { nombre: 'otago', paisId: h.pais._id },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      success: true,
      data: {
        _id: expect.any(String),
        version: 1,
        nombre: 'OTAGO',
        nombreAlternativo: null,
        paisId: h.pais._id,
        codigo: null,
      },
      message: 'Provincia "OTAGO" creado exitosamente',
    });
  });

  test('municipio', async () => {
    const reply = await api.call('POST', '/municipios', {
      payload: { nombre: 'dunedin', provinciaId: h.provincia._id, codigo: '99001' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      success: true,
      data: {
        _id: expect.any(String),
        version: 1,
        nombre: 'DUNEDIN',
        provinciaId: h.provincia._id,
        codigo: '99001',
      },
      message: 'Municipio "DUNEDIN" creado exitosamente',
    });
  });

  test('ciudad', async () => {
    const reply = await api.call('POST', '/ciudades', {
      payload: { nombre: 'mosgiel', provinciaId: h.provincia._id, municipioId: h.municipio._id },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      success: true,
      data: {
        _id: expect.any(String),
        version: 1,
        nombre: 'MOSGIEL',
        provinciaId: h.provincia._id,
        municipioId: h.municipio._id,
      },
      message: 'Ciudad "MOSGIEL" creado exitosamente',
    });
  });

  test('calle', async () => {
    const reply = await api.call('POST', '/calles', {
      payload: { nombre: "carrer de l'àngel", ciudadId: h.ciudad._id },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      success: true,
      data: {
        _id: expect.any(String),
        nombre: "CARRER DE L'ÀNGEL",
        ciudadId: h.ciudad._id,
        version: 1,
      },
      message: 'Calle "CARRER DE L\'ÀNGEL" creado exitosamente',
    });
  });

  test('código postal: stripped as typed, activo by default', async () => {
    const reply = await api.call('POST', '/codigos-postales', {
      payload: { valor: ' 99.001 ', ciudadId: h.ciudad._id },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      success: true,
      data: {
        _id: expect.any(String),
        valor: '99001',
        ciudadId: h.ciudad._id,
        activo: true,
        version: 1,
      },
      message: 'Código postal "99001" creado exitosamente',
    });
    const inactive = await api.call('POST', '/codigos-postales', {
      payload: { valor: 'ab-12', ciudadId: h.ciudad._id, activo: false },
    });
    expect(inactive.body.data).toMatchObject({ valor: 'AB-12', activo: false });
  });
});

describe('POST validation (SPEC 5 messages, 400 "Datos inválidos")', () => {
  test.each([
    ['paises', {}, ['nombre: El nombre es obligatorio']],
    ['paises', { nombre: '   ' }, ['nombre: El nombre es obligatorio']],
    ['paises', { nombre: 'x' }, ['nombre: El nombre debe tener al menos 2 caracteres']],
    [
      'paises',
      { nombre: 'x'.repeat(101) },
      ['nombre: El nombre no puede exceder los 100 caracteres'],
    ],
    ['provincias', { nombre: 'Otra' }, ['paisId: Debe seleccionar un país primero']],
    ['municipios', { nombre: 'Otro' }, ['provinciaId: Debe seleccionar una provincia primero']],
    [
      'ciudades',
      { nombre: 'Otra' },
      [
        'provinciaId: Debe seleccionar una provincia primero',
        'municipioId: Debe seleccionar un municipio primero',
      ],
    ],
    ['calles', { nombre: 'Otra' }, ['ciudadId: Debe seleccionar una ciudad primero']],
    [
      'codigos-postales',
      {},
      ['valor: El código postal es obligatorio', 'ciudadId: Debe seleccionar una ciudad primero'],
    ],
    ['codigos-postales', { valor: '0-', ciudadId: 'x' }, [`valor: ${POSTAL}`]],
    ['codigos-postales', { valor: '1'.repeat(21), ciudadId: 'x' }, [`valor: ${POSTAL}`]],
    [
      'codigos-postales',
      { valor: '07001', ciudadId: 'x', activo: 'sí' },
      ['activo: El campo activo debe ser verdadero o falso'],
    ],
    [
      'paises',
      { nombre: 'Francia', codigo: 'FRANCIA-123' },
      ['codigo: El código no puede exceder los 10 caracteres'],
    ],
  ])('%s %j', async (level, payload, errors) => {
    expect(await api.call('POST', `/${level}`, { payload })).toEqual({
      status: 400,
      body: { message: INVALID, errors },
    });
  });

  test('a body that is not JSON object is refused as invalid data', async () => {
    const reply = await api.call('POST', '/paises', { payload: [] });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(INVALID);
  });

  test('a parent that does not exist (or is not an id) must be chosen first', async () => {
    for (const paisId of [UNKNOWN_ID, 'no-es-un-id']) {
      expect(
        await api.call('POST', '/provincias', { payload: { nombre: 'Otra', paisId } }),
      ).toEqual({
        status: 400,
        body: { message: INVALID, errors: ['paisId: Debe seleccionar un país primero'] },
      });
    }
    expect(
      await api.call('POST', '/calles', { payload: { nombre: 'Otra', ciudadId: UNKNOWN_ID } }),
    ).toEqual({
      status: 400,
      body: { message: INVALID, errors: ['ciudadId: Debe seleccionar una ciudad primero'] },
    });
    expect(
      (
        await api.call('POST', '/ciudades', {
          payload: { nombre: 'Otra', provinciaId: h.provincia._id, municipioId: UNKNOWN_ID },
        })
      ).body,
    ).toEqual({ message: INVALID, errors: ['municipioId: Debe seleccionar un municipio primero'] });
    expect(
      (
        await api.call('POST', '/ciudades', {
          payload: { nombre: 'Otra', provinciaId: UNKNOWN_ID, municipioId: h.municipio._id },
        })
      ).body,
    ).toEqual({
      message: INVALID,
      errors: ['municipioId: El municipio no pertenece a la provincia seleccionada'],
    });
  });

  test("a ciudad's municipio must belong to its provincia", async () => {
    const other = await api.create('provincias', { nombre: 'Canterbury', paisId: h.pais._id });
    const reply = await api.call('POST', '/ciudades', {
      payload: { nombre: 'Mezcla', provinciaId: other._id, municipioId: h.municipio._id },
    });
    expect(reply).toEqual({
      status: 400,
      body: {
        message: INVALID,
        errors: ['municipioId: El municipio no pertenece a la provincia seleccionada'],
      },
    });
  });
});

describe('duplicates under the same parent → 409 (unique constraint)', () => {
  test.each([
    ['paises', () => ({ nombre: 'tierra CRUD' }), 'Ya existe un país "TIERRA CRUD"'],
    [
      'provincias',
      () => ({ nombre: 'Comarca crud', paisId: h.pais._id }),
      'Ya existe una provincia "COMARCA CRUD" en este país',
    ],
    [
      'municipios',
      () => ({ nombre: 'villa crud', provinciaId: h.provincia._id }),
      'Ya existe un municipio "VILLA CRUD" en esta provincia',
    ],
    [
      'ciudades',
      () => ({ nombre: 'Villa Crud', provinciaId: h.provincia._id, municipioId: h.municipio._id }),
      'Ya existe una ciudad "VILLA CRUD" en este municipio',
    ],
  ])('%s', async (level, payload, message) => {
    expect(await api.call('POST', `/${level}`, { payload: payload() })).toEqual({
      status: 409,
      body: { message },
    });
  });

  test('accents and case do not make a different name', async () => {
    await api.create('calles', { nombre: 'Plaça Major', ciudadId: h.ciudad._id });
    expect(
      await api.call('POST', '/calles', {
        payload: { nombre: 'PLACA major', ciudadId: h.ciudad._id },
      }),
    ).toEqual({
      status: 409,
      body: { message: 'Ya existe una calle "PLACA MAJOR" en esta ciudad' },
    });
  });

  test('a postal code twice in one ciudad', async () => {
    await api.create('codigos-postales', { valor: '99100', ciudadId: h.ciudad._id });
    expect(
      await api.call('POST', '/codigos-postales', {
        payload: { valor: '99100', ciudadId: h.ciudad._id },
      }),
    ).toEqual({
      status: 409,
      body: { message: 'Ya existe un código postal "99100" en esta ciudad' },
    });
  });

  test('two simultaneous creations of one name: one is created, the other gets 409', async () => {
    const payload = { nombre: 'Carrer Simultani', ciudadId: h.ciudad._id };
    const replies = await Promise.all([
      api.call('POST', '/calles', { payload }),
      api.call('POST', '/calles', { payload: { ...payload, nombre: 'carrer simultani' } }),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    const listed = await api.call('GET', `/calles?ciudadId=${h.ciudad._id}&nombre=simultani`);
    expect(api.names(listed)).toEqual(['CARRER SIMULTANI']);
  });

  test('the same name under another parent is fine', async () => {
    const other = await api.hierarchy('otra');
    const reply = await api.call('POST', '/calles', {
      payload: { nombre: 'Plaça Major', ciudadId: other.ciudad._id },
    });
    expect(reply.status).toBe(201);
  });
});

describe('GET by id', () => {
  test.each([
    ['paises', () => h.pais],
    ['provincias', () => h.provincia],
    ['municipios', () => h.municipio],
    ['ciudades', () => h.ciudad],
  ])('%s', async (level, record) => {
    expect(await api.call('GET', `/${level}/${record()._id}`)).toEqual({
      status: 200,
      body: { success: true, data: record() },
    });
  });

  test('calle and código postal', async () => {
    const calle = await api.create('calles', { nombre: 'Calle Leída', ciudadId: h.ciudad._id });
    const cp = await api.create('codigos-postales', { valor: '99200', ciudadId: h.ciudad._id });
    expect((await api.call('GET', `/calles/${calle._id}`)).body).toEqual({
      success: true,
      data: calle,
    });
    expect((await api.call('GET', `/codigos-postales/${cp._id}`)).body).toEqual({
      success: true,
      data: cp,
    });
  });
});

describe('unknown, malformed or empty ids → 404 "ID de {entity} inválido" (SPEC 8)', () => {
  const cases = [
    ['paises', 'ID de país inválido'],
    ['provincias', 'ID de provincia inválido'],
    ['municipios', 'ID de municipio inválido'],
    ['ciudades', 'ID de ciudad inválido'],
    ['calles', 'ID de calle inválido'],
    ['codigos-postales', 'ID de código postal inválido'],
  ] as const;

  test.each(cases)('%s', async (level, message) => {
    for (const id of [UNKNOWN_ID, 'no-es-un-id', "1' or '1'='1", '']) {
      const path = `/${level}/${encodeURIComponent(id)}`;
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', level === 'codigos-postales' ? { activo: false } : { nombre: 'Nuevo nombre' }],
        ['DELETE', undefined],
      ] as const) {
        expect(await api.call(method, path, { payload }), `${method} ${path}`).toEqual({
          status: 404,
          body: { message },
        });
      }
      if (id !== '') {
        expect(await api.call('GET', `${path}/dependencias`)).toEqual({
          status: 404,
          body: { message },
        });
      }
    }
  });
});

describe('PUT renames (ciudades.manage)', () => {
  test('every named level, with the same rules as creation', async () => {
    const x = await api.hierarchy('renombrar');
    const calle = await api.create('calles', { nombre: 'Vieja', ciudadId: x.ciudad._id });
    const renames = [
      ['paises', x.pais, 'País'],
      ['provincias', x.provincia, 'Provincia'],
      ['municipios', x.municipio, 'Municipio'],
      ['ciudades', x.ciudad, 'Ciudad'],
      ['calles', calle, 'Calle'],
    ] as const;
    for (const [level, record, label] of renames) {
      const reply = await api.call('PUT', `/${level}/${record._id}`, {
        payload: { nombre: ` nuevo ${level} ` },
      });
      const nombre = `NUEVO ${level.toUpperCase()}`;
      expect(reply).toEqual({
        status: 200,
        body: {
          success: true,
          // One more version with each change (optimistic concurrency).
          data: { ...record, nombre, version: 2 },
          message: `${label} "${nombre}" actualizado exitosamente`,
        },
      });
      expect((await api.call('GET', `/${level}/${record._id}`)).body.data).toMatchObject({
        nombre,
      });
    }
  });

  test('the new name is validated and must not clash under the same parent', async () => {
    const x = await api.hierarchy('choque');
    const otra = await api.create('municipios', {
      nombre: 'Otra Villa',
      provinciaId: x.provincia._id,
    });
    expect(await api.call('PUT', `/municipios/${otra._id}`, { payload: { nombre: 'a' } })).toEqual({
      status: 400,
      body: { message: INVALID, errors: ['nombre: El nombre debe tener al menos 2 caracteres'] },
    });
    expect(await api.call('PUT', `/municipios/${otra._id}`, { payload: {} })).toEqual({
      status: 400,
      body: { message: INVALID, errors: ['nombre: El nombre es obligatorio'] },
    });
    expect(
      await api.call('PUT', `/municipios/${otra._id}`, { payload: { nombre: 'villa choque' } }),
    ).toEqual({
      status: 409,
      body: { message: 'Ya existe un municipio "VILLA CHOQUE" en esta provincia' },
    });
    // Renaming to its own name (another case) is not a clash with itself.
    expect(
      (await api.call('PUT', `/municipios/${otra._id}`, { payload: { nombre: 'otra villa' } }))
        .status,
    ).toBe(200);
  });

  test('a postal code changes its value and its activo flag', async () => {
    const cp = await api.create('codigos-postales', { valor: '99300', ciudadId: h.ciudad._id });
    expect(
      await api.call('PUT', `/codigos-postales/${cp._id}`, { payload: { activo: false } }),
    ).toEqual({
      status: 200,
      body: {
        success: true,
        data: { ...cp, activo: false, version: 2 },
        message: 'Código postal "99300" actualizado exitosamente',
      },
    });
    const moved = await api.call('PUT', `/codigos-postales/${cp._id}`, {
      payload: { valor: '99.301', activo: true },
    });
    expect(moved.body.data).toEqual({ ...cp, valor: '99301', activo: true, version: 3 });
    // A body that changes nothing writes nothing: the version stays.
    expect(await api.call('PUT', `/codigos-postales/${cp._id}`, { payload: {} })).toMatchObject({
      status: 200,
      body: { data: { ...cp, valor: '99301', activo: true, version: 3 } },
    });
    expect(
      await api.call('PUT', `/codigos-postales/${cp._id}`, { payload: { valor: '1' } }),
    ).toEqual({
      status: 400,
      body: { message: INVALID, errors: [`valor: ${POSTAL}`] },
    });
    await api.create('codigos-postales', { valor: '99302', ciudadId: h.ciudad._id });
    expect(
      await api.call('PUT', `/codigos-postales/${cp._id}`, { payload: { valor: '99302' } }),
    ).toEqual({
      status: 409,
      body: { message: 'Ya existe un código postal "99302" en esta ciudad' },
    });
  });
});

describe('DELETE of a level nothing depends on', () => {
  test('deletes it and answers with what was deleted', async () => {
    const x = await api.hierarchy('borrar');
    const calle = await api.create('calles', { nombre: 'Efímera', ciudadId: x.ciudad._id });
    const cp = await api.create('codigos-postales', { valor: '99400', ciudadId: x.ciudad._id });
    const order: [string, LocationRecord, string][] = [
      ['calles', calle, 'Calle "EFÍMERA" eliminado exitosamente'],
      ['codigos-postales', cp, 'Código postal "99400" eliminado exitosamente'],
      ['ciudades', x.ciudad, 'Ciudad "VILLA BORRAR" eliminado exitosamente'],
      ['municipios', x.municipio, 'Municipio "VILLA BORRAR" eliminado exitosamente'],
      ['provincias', x.provincia, 'Provincia "COMARCA BORRAR" eliminado exitosamente'],
      ['paises', x.pais, 'País "TIERRA BORRAR" eliminado exitosamente'],
    ];
    for (const [level, record, message] of order) {
      expect(await api.call('DELETE', `/${level}/${record._id}`)).toEqual({
        status: 200,
        body: { success: true, data: record, message },
      });
      expect((await api.call('GET', `/${level}/${record._id}`)).status).toBe(404);
    }
  });
});
