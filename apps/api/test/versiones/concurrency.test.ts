import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';
import { fullDireccion, seedLocations } from '../proveedores/partes-helpers.js';
import type { LocationTree } from '../proveedores/partes-helpers.js';

// Issue 11, optimistic concurrency, on every writable resource: a record starts at version 1 and
// says it in its body and its ETag; an update carries the version it read (body or If-Match);
// a stale one is a 409 with the exact message and writes nothing.

const STALE = 'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.';

let t: TestApp;
let tree: LocationTree;
let authorization = '';

beforeAll(async () => {
  t = await createTestApp();
  tree = await seedLocations(t);
  authorization = `Bearer ${await t.tokens.forRoles(['administracion'], { sub: 'auth0|versiones' })}`;
});
afterAll(async () => {
  await t?.close();
});

type Reply = {
  status: number;
  etag: unknown;
  body: { data?: Record<string, unknown> } & Record<string, unknown>;
};

const call = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> => {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, etag: response.headers.etag, body: response.json() };
};

let n = 0;
const unique = (text: string) => `${text} ${(n += 1)}`;

/** Every writable resource: where it lives, a valid create body and a change to make. */
const RESOURCES = [
  {
    name: 'proveedores',
    base: '/api/proveedores',
    create: () => ({
      nombre: unique('Suministros Versión'),
      empresa: 'alquileres',
      direccion: fullDireccion(tree),
    }),
    change: (record: Record<string, unknown>) => ({
      nombre: unique('Suministros Cambiados'),
      activo: record.activo,
      direccion: fullDireccion(tree),
    }),
    field: 'nombre',
  },
  {
    name: 'clientes',
    base: '/api/clientes',
    create: () => ({ nombre: unique('Construcciones Versión'), empresa: 'alquileres' }),
    change: () => ({ nombre: unique('Construcciones Cambiadas') }),
    field: 'nombre',
  },
  {
    name: 'países',
    base: '/api/localizacion/paises',
    create: () => ({ nombre: unique('Tierra Versión'), codigo: 'TV' }),
    change: () => ({ nombre: unique('Tierra Cambiada') }),
    field: 'nombre',
  },
  {
    name: 'provincias',
    base: '/api/localizacion/provincias',
    create: () => ({ nombre: unique('Comarca Versión'), paisId: tree.paisId }),
    change: () => ({ nombre: unique('Comarca Cambiada') }),
    field: 'nombre',
  },
  {
    name: 'municipios',
    base: '/api/localizacion/municipios',
    create: () => ({ nombre: unique('Villa Versión'), provinciaId: tree.provinciaId }),
    change: () => ({ nombre: unique('Villa Cambiada') }),
    field: 'nombre',
  },
  {
    name: 'ciudades',
    base: '/api/localizacion/ciudades',
    create: () => ({
      nombre: unique('Ciudad Versión'),
      provinciaId: tree.provinciaId,
      municipioId: tree.municipioId,
    }),
    change: () => ({ nombre: unique('Ciudad Cambiada') }),
    field: 'nombre',
  },
  {
    name: 'calles',
    base: '/api/localizacion/calles',
    create: () => ({ nombre: unique('Carrer Versió'), ciudadId: tree.ciudadId }),
    change: () => ({ nombre: unique('Carrer Canviat') }),
    field: 'nombre',
  },
  {
    name: 'códigos postales',
    base: '/api/localizacion/codigos-postales',
    create: () => ({ valor: String(97000 + (n += 1)), ciudadId: tree.ciudadId }),
    change: () => ({ valor: String(98000 + (n += 1)) }),
    field: 'valor',
  },
] as const;

describe.each(RESOURCES)('$name', (resource) => {
  const createOne = async () => {
    const created = await call('POST', resource.base, resource.create());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created;
  };

  test('starts at version 1, in the body and the ETag of POST and GET', async () => {
    const created = await createOne();
    expect(created.body.data?.version).toBe(1);
    expect(created.etag).toBe('"1"');
    const read = await call('GET', `${resource.base}/${String(created.body.data?._id)}`);
    expect(read.body.data?.version).toBe(1);
    expect(read.etag).toBe('"1"');
  });

  test('an update with the version read (body or If-Match) goes through and counts one more', async () => {
    const record = (await createOne()).body.data ?? {};
    const url = `${resource.base}/${String(record._id)}`;
    const first = await call('PUT', url, { ...resource.change(record), version: 1 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data?.version).toBe(2);
    expect(first.etag).toBe('"2"');
    const second = await call('PUT', url, resource.change(record), { 'if-match': '"2"' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data?.version).toBe(3);
    const weak = await call('PUT', url, resource.change(record), { 'if-match': 'W/"3"' });
    expect(weak.body.data?.version).toBe(4);
  });

  test('a stale version is 409 with the exact message, and nothing is written', async () => {
    const record = (await createOne()).body.data ?? {};
    const url = `${resource.base}/${String(record._id)}`;
    const mine = await call('PUT', url, { ...resource.change(record), version: 1 });
    expect(mine.status).toBe(200);
    const before = (await call('GET', url)).body.data;

    const theirs = await call('PUT', url, { ...resource.change(record), version: 1 });
    expect(theirs).toMatchObject({ status: 409, body: { message: STALE } });
    const byHeader = await call('PUT', url, resource.change(record), { 'if-match': '"1"' });
    expect(byHeader).toMatchObject({ status: 409, body: { message: STALE } });

    const after = (await call('GET', url)).body.data;
    expect(after).toEqual(before);
    expect(after?.[resource.field]).toBe(mine.body.data?.[resource.field]);
  });

  test('an update that says no version, or two different ones, is 400 naming version', async () => {
    const record = (await createOne()).body.data ?? {};
    const url = `${resource.base}/${String(record._id)}`;
    const missing = await call('PUT', url, resource.change(record));
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      'version: Indica la versión del registro que editas (campo version o cabecera If-Match).',
    ]);
    const both = await call(
      'PUT',
      url,
      { ...resource.change(record), version: 1 },
      {
        'if-match': '"2"',
      },
    );
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual([
      'version: La versión del cuerpo no coincide con la cabecera If-Match.',
    ]);
    expect((await call('GET', url)).body.data?.version).toBe(1);
  });
});

describe('DELETE of a location with If-Match', () => {
  test('a stale version is 409 and the row stays; the current one deletes it', async () => {
    const created = await call('POST', '/api/localizacion/calles', {
      nombre: unique('Carrer Esborrat'),
      ciudadId: tree.ciudadId,
    });
    const url = `/api/localizacion/calles/${String(created.body.data?._id)}`;
    await call('PUT', url, { nombre: unique('Carrer Reanomenat'), version: 1 });

    expect(await call('DELETE', url, undefined, { 'if-match': '"1"' })).toMatchObject({
      status: 409,
      body: { message: STALE },
    });
    expect((await call('GET', url)).status).toBe(200);
    expect((await call('DELETE', url, undefined, { 'if-match': '"2"' })).status).toBe(200);
    expect((await call('GET', url)).status).toBe(404);
  });
});
