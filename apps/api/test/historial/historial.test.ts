import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';
import { apiFor, seedLocations } from '../proveedores/partes-helpers.js';
import type { Api, LocationTree } from '../proveedores/partes-helpers.js';

// Issue 11, history: one audit row per create, update and delete, written in the change's own
// transaction, with the changed fields' old and new values; read page by page, newest first,
// with the record's view permission.

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

type Entrada = {
  _id: string;
  fecha: string;
  usuario: string | null;
  accion: string;
  cambios: { campo: string; anterior: unknown; nuevo: unknown }[];
};
type Page = {
  data: Entrada[];
  meta: { page: number; limit: number; total: number; totalPages: number };
};

const historyOf = async (url: string, as: Parameters<Api['get']>[1] = 'admin') => {
  const response = await api.get(`${url}/historial`, as);
  return { status: response.statusCode, body: response.json<Page>() };
};

const rowsOf = (recurso: string, registroId: string) =>
  t.database.withSession((session) =>
    session.query<{ accion: string; request_id: string | null; cambios: Entrada['cambios'] }>(
      'select accion, request_id, cambios from historial where recurso = $1 and registro_id = $2 order by fecha, id',
      [recurso, registroId],
    ),
  );

let n = 0;
const proveedor = () => ({ nombre: `Suministros Historial ${(n += 1)}`, empresa: 'alquileres' });

describe('suppliers and clients', () => {
  test('a creation records who and every field it set', async () => {
    const created = await api.post('/api/proveedores', { ...proveedor(), documento: 'B07123458' });
    const { _id: id, nombre } = created.json<{ data: { _id: string; nombre: string } }>().data;
    const { status, body } = await historyOf(`/api/proveedores/${id}`);
    expect(status).toBe(200);
    expect(body.meta).toEqual({ page: 1, limit: 10, total: 1, totalPages: 1 });
    const [entrada] = body.data;
    expect(entrada).toMatchObject({ accion: 'crear', usuario: 'admin@tvsistema.test' });
    expect(entrada?.cambios).toEqual(
      expect.arrayContaining([
        { campo: 'nombre', anterior: null, nuevo: nombre },
        { campo: 'documento', anterior: null, nuevo: 'B07123458' },
        { campo: 'empresa', anterior: null, nuevo: 'alquileres' },
        { campo: 'activo', anterior: null, nuevo: true },
      ]),
    );
  });

  test('an update records exactly the fields it changed, newest first, with the request id', async () => {
    const { _id: id, nombre } = (await api.post('/api/clientes', proveedor())).json<{
      data: { _id: string; nombre: string };
    }>().data;
    const updated = await api.put(`/api/clientes/${id}`, {
      nombre: 'Construcciones Renombradas',
      observaciones: ['Paga a 30 días'],
    });
    expect(updated.statusCode).toBe(200);
    // A save that changes nothing records nothing.
    await api.put(`/api/clientes/${id}`, {
      nombre: 'Construcciones Renombradas',
      observaciones: ['Paga a 30 días'],
    });

    const { body } = await historyOf(`/api/clientes/${id}`);
    expect(body.data.map((entrada) => entrada.accion)).toEqual(['modificar', 'crear']);
    expect(body.data[0]?.cambios).toEqual([
      { campo: 'nombre', anterior: nombre, nuevo: 'Construcciones Renombradas' },
      { campo: 'observaciones', anterior: [], nuevo: ['Paga a 30 días'] },
    ]);
    const rows = await rowsOf('cliente', id);
    expect(rows.at(-1)?.request_id).toBe(updated.headers['x-request-id']);
  });

  test('a refused write (stale version, duplicate documento, invalid address) records nothing', async () => {
    const first = (
      await api.post('/api/proveedores', { ...proveedor(), documento: '12345678Z' })
    ).json<{ data: { _id: string } }>().data._id;
    const id = (await api.post('/api/proveedores', proveedor())).json<{ data: { _id: string } }>()
      .data._id;
    expect((await api.put(`/api/proveedores/${id}`, { nombre: 'X', version: 7 })).statusCode).toBe(
      409,
    );
    expect(
      (await api.put(`/api/proveedores/${id}`, { nombre: 'X', documento: '12345678Z' })).statusCode,
    ).toBe(409);
    expect(
      (
        await api.put(`/api/proveedores/${id}`, {
          nombre: 'X',
          direccion: { paisId: tree.otroPaisId, provinciaId: tree.provinciaId },
        })
      ).statusCode,
    ).toBe(400);
    expect((await rowsOf('proveedor', id)).map((row) => row.accion)).toEqual(['crear']);
    expect(first).toBeTruthy();
  });

  test('pages of the history say how many there are', async () => {
    const id = (await api.post('/api/proveedores', proveedor())).json<{ data: { _id: string } }>()
      .data._id;
    for (const nombre of ['Uno', 'Dos', 'Tres']) {
      await api.put(`/api/proveedores/${id}`, { nombre });
    }
    const response = await api.get(`/api/proveedores/${id}/historial?page=2&limit=3`);
    const body = response.json<Page>();
    expect(body.meta).toEqual({ page: 2, limit: 3, total: 4, totalPages: 2 });
    expect(body.data.map((entrada) => entrada.accion)).toEqual(['crear']);
  });

  test('reading it needs the record: another empresa’s record is 404, no token 401', async () => {
    const id = (await api.post('/api/proveedores', proveedor())).json<{ data: { _id: string } }>()
      .data._id;
    expect((await historyOf(`/api/proveedores/${id}`, 'transportes')).status).toBe(404);
    expect((await historyOf(`/api/proveedores/${id}`, 'sinRoles')).status).toBe(404);
    const anonymous = await t.app.inject({ url: `/api/proveedores/${id}/historial` });
    expect(anonymous.statusCode).toBe(401);
    expect((await historyOf(`/api/proveedores/00000000-0000-4000-8000-000000000000`)).status).toBe(
      404,
    );
  });
});

describe('locations', () => {
  test('create, rename and delete of a street each write their row', async () => {
    const created = await api.post('/api/localizacion/calles', {
      nombre: 'Carrer de la Història',
      ciudadId: tree.ciudadId,
    });
    const id = created.json<{ data: { _id: string } }>().data._id;
    await api.put(`/api/localizacion/calles/${id}`, { nombre: 'Carrer Nou' });
    const page = (await api.get(`/api/localizacion/calles/${id}/historial`)).json<Page>();
    expect(page.data.map((entrada) => entrada.accion)).toEqual(['modificar', 'crear']);
    expect(page.data[0]?.cambios).toEqual([
      { campo: 'nombre', anterior: 'CARRER DE LA HISTÒRIA', nuevo: 'CARRER NOU' },
    ]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/localizacion/calles/${id}`,
      headers: { authorization: `Bearer ${await t.tokens.forRoles(['administracion'])}` },
    });
    expect(deleted.statusCode).toBe(200);
    const rows = await rowsOf('localizacion.calle', id);
    expect(rows.map((row) => row.accion)).toEqual(['crear', 'modificar', 'eliminar']);
    expect(rows.at(-1)?.cambios).toEqual(
      expect.arrayContaining([{ campo: 'nombre', anterior: 'CARRER NOU', nuevo: null }]),
    );
  });
});
