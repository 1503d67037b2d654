import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clienteSchema } from '@tvsistema/domain/partes';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';
import { apiFor } from '../proveedores/partes-helpers.js';
import type { Api, Caller } from '../proveedores/partes-helpers.js';

// Clients share the supplier model (their list, paging, search and address rules run through the
// same code, tested under proveedores); here what differs: accounts, roles, messages, scoping.

let t: TestApp;
let api: Api;

const URL = '/api/clientes';

beforeAll(async () => {
  t = await createTestApp();
  api = apiFor(t);
});
afterAll(async () => {
  await t?.close();
});

describe('clients', () => {
  test('carry the client accounting set (DESIGN decision 1)', async () => {
    const response = await api.post(URL, {
      nombre: 'Hotel Cala Major',
      documento: 'b12345674',
      empresa: 'alquileres',
      cuentaContableCliente: '430000001',
      cuentaContableVenta: '700000001',
      cuentaContableRetencion: '4730000',
      cuentaContableProveedor: '400000001',
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      nombre: 'Hotel Cala Major',
      documento: 'B12345674',
      cuentaContableCliente: '430000001',
      cuentaContableVenta: '700000001',
      cuentaContableRetencion: '4730000',
      createdBy: 'admin@tvsistema.test',
    });
    expect(data).not.toHaveProperty('cuentaContableProveedor');
    // Exactly the client record: every key of the schema and no other.
    expect(clienteSchema.strict().parse(data)).toEqual(data);
    expect((await api.get(`${URL}/${data._id}`)).json()).toEqual({ data });
    const listed = await api.get(`${URL}?empresa=alquileres&documentoExact=B12345674`);
    expect(listed.json().data).toEqual([data]);
  });

  test('validate the client accounts with field names', async () => {
    const response = await api.post(URL, {
      nombre: 'X',
      empresa: 'alquileres',
      cuentaContableVenta: '7',
    });
    expect(response.json()).toEqual({
      message: 'Datos inválidos',
      errors: ['cuentaContableVenta: La cuenta contable debe tener entre 3 y 12 dígitos'],
    });
  });

  test('a duplicate documento speaks of a client', async () => {
    await api.post(URL, { nombre: 'A', documento: 'CLI-0001', empresa: 'transporte' });
    const response = await api.post(URL, {
      nombre: 'B',
      documento: 'cli-0001',
      empresa: 'transporte',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Ya existe un cliente con este documento en esta empresa');
  });

  test('a supplier may share a documento with a client of the same empresa', async () => {
    await api.post(URL, { nombre: 'Cliente', documento: 'BOTH-0001', empresa: 'alquileres' });
    const proveedor = await api.post('/api/proveedores', {
      nombre: 'Proveedor',
      documento: 'BOTH-0001',
      empresa: 'alquileres',
    });
    expect(proveedor.statusCode).toBe(201);
  });

  test('two concurrent creates with one documento: one 201, one 409', async () => {
    const payload = { nombre: 'Carrera', documento: 'RACE-CLI-1', empresa: 'alquileres' };
    const responses = await Promise.all([api.post(URL, payload), api.post(URL, payload)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });

  test('unknown ids and suppliers’ ids answer "Cliente no encontrado"', async () => {
    const proveedor = (
      await api.post('/api/proveedores', { nombre: 'P', empresa: 'alquileres' })
    ).json().data;
    for (const id of ['nada', '00000000-0000-4000-8000-000000000000', proveedor._id]) {
      const response = await api.get(`${URL}/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Cliente no encontrado' });
    }
  });

  test('PUT refuses empresa', async () => {
    const created = (await api.post(URL, { nombre: 'C', empresa: 'alquileres' })).json().data;
    const response = await api.put(`${URL}/${created._id}`, { nombre: 'C', empresa: 'alquileres' });
    expect(response.json().errors).toEqual([
      'empresa: La empresa no puede modificarse después de la creación.',
    ]);
  });

  test('list and search like suppliers, without suppliers in it', async () => {
    const response = await api.get(`${URL}?empresa=alquileres&searchTerm=cala%20MAJOR`);
    expect(response.json()).toMatchObject({
      data: [{ nombre: 'Hotel Cala Major' }],
      meta: { page: 1, limit: 10, total: 1, totalPages: 1 },
    });
    const all = await api.get(`${URL}?empresa=alquileres&limit=100`);
    expect(all.json().data.map((c: { nombre: string }) => c.nombre)).not.toContain('Proveedor');
  });

  test('export with the client columns', async () => {
    const response = await api.get(`${URL}/export?empresa=alquileres&searchTerm=cala`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="clientes-alquileres-/);
    const [header, row] = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain(
      'Cuenta contable cliente;Cuenta contable venta;Cuenta contable retención',
    );
    expect(header).not.toContain('proveedor');
    expect(row).toContain('Hotel Cala Major;B12345674;Alquileres;Activo');
    expect(row).toContain('430000001;700000001;4730000');
  });
});

describe('client roles (SPEC 6: view administracion, empleado, alquileres, maquinaria, transportes; edit administracion)', () => {
  test.each<Caller>(['operaciones', 'empleado', 'alquileres', 'transportes'])(
    '%s cannot create or edit clients',
    async (caller) => {
      expect((await api.post(URL, { nombre: 'X', empresa: 'alquileres' }, caller)).statusCode).toBe(
        403,
      );
      const created = (await api.post(URL, { nombre: 'Y', empresa: 'alquileres' })).json().data;
      expect((await api.put(`${URL}/${created._id}`, { nombre: 'Z' }, caller)).statusCode).toBe(
        403,
      );
    },
  );

  test.each<[Caller, string]>([
    ['empleado', 'alquileres'],
    ['alquileres', 'alquileres'],
    ['maquinaria', 'transporte'],
    ['transportes', 'transporte'],
  ])('%s lists the clients of %s', async (caller, empresa) => {
    expect((await api.get(`${URL}?empresa=${empresa}`, caller)).statusCode).toBe(200);
  });

  test('arquitecto (verticales only) may not view clients at all', async () => {
    expect((await api.get(`${URL}?empresa=verticales`, 'arquitecto')).statusCode).toBe(403);
  });

  test('a transportes user cannot read alquileres clients, by list or by id', async () => {
    const created = (
      await api.post(URL, { nombre: 'Solo alquileres', empresa: 'alquileres' })
    ).json().data;
    expect((await api.get(`${URL}?empresa=alquileres`, 'transportes')).statusCode).toBe(403);
    const byId = await api.get(`${URL}/${created._id}`, 'transportes');
    expect(byId.statusCode).toBe(404);
    expect(byId.json()).toEqual({ message: 'Cliente no encontrado' });
  });
});
