import { afterAll, beforeAll, expect, test } from 'vitest';
import { checkSpanishDocument } from '@tvsistema/domain/documento';
import { seedPartes } from '../../src/tools.js';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';
import { apiFor } from './partes-helpers.js';
import type { Api } from './partes-helpers.js';

// `npm run seed:bulk`: what it inserts must be what the API would have stored.

let t: TestApp;
let api: Api;
let mallorca: { paisId: string; provinciaId: string };

// España and Illes Balears as the reference data has them (codes ES and 07), found or added, with
// one municipality, city and two postal codes of their own.
beforeAll(async () => {
  t = await createTestApp();
  api = apiFor(t);
  mallorca = await t.database.withSession(async (session) => {
    const id = async (text: string, params: unknown[]) =>
      (await session.query<{ id: string }>(text, params))[0]?.id;
    const paisId =
      (await id(`select id from paises where codigo = 'ES'`, [])) ??
      (await id(
        `insert into paises (nombre, nombre_busqueda, codigo) values ('ESPAÑA', 'espana', 'ES') returning id`,
        [],
      ));
    const provinciaId =
      (await id(`select id from provincias where pais_id = $1 and codigo = '07'`, [paisId])) ??
      (await id(
        `insert into provincias (nombre, nombre_busqueda, pais_id, codigo)
         values ('ILLES BALEARS', 'illes balears', $1, '07') returning id`,
        [paisId],
      ));
    const municipio = await id(
      `insert into municipios (nombre, nombre_busqueda, provincia_id)
       values ('PALMA SEMILLA', 'palma semilla', $1) returning id`,
      [provinciaId],
    );
    const ciudad = await id(
      `insert into ciudades (nombre, nombre_busqueda, provincia_id, municipio_id)
       values ('PALMA SEMILLA', 'palma semilla', $1, $2) returning id`,
      [provinciaId, municipio],
    );
    await session.query(
      `insert into codigos_postales (valor, ciudad_id) values ('07001', $1), ('07002', $1)`,
      [ciudad],
    );
    if (!paisId || !provinciaId) throw new Error('No location rows');
    return { paisId, provinciaId };
  });
});
afterAll(async () => {
  await t?.close();
});

test('seeds realistic suppliers over the three empresas, findable through the API', async () => {
  const result = await seedPartes(t.database, 300, { batch: 120 });
  expect(result).toMatchObject({ inserted: 300, withAddress: true });
  expect(result.spanishValid).toBeGreaterThan(200);

  for (const empresa of ['alquileres', 'transporte', 'verticales']) {
    const { meta, data } = (await api.get(`/api/proveedores?empresa=${empresa}&limit=100`)).json();
    expect(meta.total).toBe(100);
    for (const parte of data) {
      expect(parte.nombre.length).toBeGreaterThan(3);
      expect(parte.contactos.length).toBeGreaterThanOrEqual(1);
      expect(parte.direccion).toMatchObject(mallorca);
      expect(parte.direccion.ciudad).not.toBeNull();
      expect(parte.direccion.codigoPostal).toMatch(/^07\d{3}$/);
      if (parte.documento)
        expect(['valid', 'invalid']).toContain(checkSpanishDocument(parte.documento));
    }
  }

  // The stored search form matches what the API computes on write: a search finds seeded rows.
  const { data } = (await api.get('/api/proveedores?empresa=alquileres&limit=1')).json();
  const first = data[0];
  const byName = await api.get(
    `/api/proveedores?empresa=alquileres&searchTerm=${encodeURIComponent(first.nombre.toUpperCase())}`,
  );
  expect(byName.json().data.map((p: { _id: string }) => p._id)).toContain(first._id);
});

test('seeding again adds rows without documento collisions', async () => {
  const again = await seedPartes(t.database, 300);
  expect(again.inserted).toBe(300);
  expect((await api.get('/api/proveedores?empresa=alquileres')).json().meta.total).toBe(200);
});

test('clients too', async () => {
  await seedPartes(t.database, 30, { tipo: 'cliente' });
  const { data, meta } = (await api.get('/api/clientes?empresa=transporte&limit=50')).json();
  expect(meta.total).toBe(10);
  expect(data[0].cuentaContableCliente).toMatch(/^430\d{6}$/);
});
