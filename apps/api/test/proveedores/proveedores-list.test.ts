import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';
import { apiFor } from './partes-helpers.js';
import type { Api } from './partes-helpers.js';

let t: TestApp;
let api: Api;

// 23 alquileres suppliers (3 inactive), 2 of transporte: small enough to reason about pages.
const ALQUILERES = [
  { nombre: 'Ángel Ferrer Construcciones', documento: 'B12345674' },
  { nombre: 'ángela pons', documento: 'X1234567L' },
  { nombre: 'Hormigones Sóller S.L.', documento: 'A58818501' },
  { nombre: 'Ferretería Inca', documento: 'FR-99887766' },
  { nombre: 'zapatería soller' },
  ...Array.from({ length: 18 }, (_, index) => ({
    nombre: `Suministros ${String(index + 1).padStart(2, '0')}`,
    documento: `SUM-${String(index + 1).padStart(4, '0')}`,
  })),
];
const INACTIVOS = new Set(['Ferretería Inca', 'Suministros 05', 'Suministros 17']);

beforeAll(async () => {
  t = await createTestApp();
  api = apiFor(t);
  for (const parte of ALQUILERES) {
    const response = await api.post('/api/proveedores', {
      ...parte,
      empresa: 'alquileres',
      activo: !INACTIVOS.has(parte.nombre),
    });
    expect(response.statusCode).toBe(201);
  }
  for (const nombre of ['Transportes Soller', 'Grúas Palma']) {
    await api.post('/api/proveedores', { nombre, empresa: 'transporte' });
  }
  // A client of the same empresa must never show up in the supplier list.
  await api.post('/api/clientes', { nombre: 'Cliente Soller', empresa: 'alquileres' });
});
afterAll(async () => {
  await t?.close();
});

type ListBody = {
  data: { nombre: string; documento: string | null; activo: boolean; empresa: string }[];
  meta: { page: number; limit: number; total: number; totalPages: number };
};

const list = async (query: string): Promise<ListBody> => {
  const response = await api.get(`/api/proveedores?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const names = (body: ListBody) => body.data.map((parte) => parte.nombre);

describe('paging', () => {
  test('page 1 of the default size (10), sorted by name, with exact totals', async () => {
    const body = await list('empresa=alquileres');
    expect(body.meta).toEqual({ page: 1, limit: 10, total: 23, totalPages: 3 });
    expect(body.data).toHaveLength(10);
    // Accent- and case-insensitive order: Ángel, ángela, Ferretería, Hormigones, Suministros…
    expect(names(body).slice(0, 5)).toEqual([
      'Ángel Ferrer Construcciones',
      'ángela pons',
      'Ferretería Inca',
      'Hormigones Sóller S.L.',
      'Suministros 01',
    ]);
  });

  test('the last page holds the remainder; a page past the end is empty with the same totals', async () => {
    const last = await list('empresa=alquileres&page=3');
    expect(last.meta).toEqual({ page: 3, limit: 10, total: 23, totalPages: 3 });
    expect(names(last)).toEqual(['Suministros 17', 'Suministros 18', 'zapatería soller']);
    const beyond = await list('empresa=alquileres&page=9');
    expect(beyond).toEqual({ data: [], meta: { page: 9, limit: 10, total: 23, totalPages: 3 } });
  });

  test('pages do not overlap and together list every supplier once', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 5; page += 1)
      seen.push(...names(await list(`empresa=alquileres&limit=5&page=${page}`)));
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
  });

  test.each([
    [20, 2],
    [30, 1],
    [50, 1],
    [100, 1],
    [7, 4],
  ])('limit %i gives %i pages', async (limit, totalPages) => {
    expect((await list(`empresa=alquileres&limit=${limit}`)).meta).toEqual({
      page: 1,
      limit,
      total: 23,
      totalPages,
    });
  });

  test('an empresa without suppliers answers an empty first page', async () => {
    expect(await list('empresa=verticales')).toEqual({
      data: [],
      meta: { page: 1, limit: 10, total: 0, totalPages: 0 },
    });
  });

  test.each(['limit=101', 'limit=0', 'page=0', 'page=abc', 'empresa=marte'])(
    '400 for %s',
    async (query) => {
      const response = await api.get(`/api/proveedores?empresa=alquileres&${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Datos inválidos');
    },
  );

  test('400 without empresa, naming the field', async () => {
    const response = await api.get('/api/proveedores');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatch(/^empresa: /);
  });
});

describe('filters', () => {
  test('activo=true and activo=false split the total', async () => {
    const activos = await list('empresa=alquileres&activo=true&limit=50');
    const inactivos = await list('empresa=alquileres&activo=false&limit=50');
    expect(activos.meta.total).toBe(20);
    expect(inactivos.meta).toEqual({ page: 1, limit: 50, total: 3, totalPages: 1 });
    expect(names(inactivos).sort()).toEqual([...INACTIVOS].sort());
    expect(activos.data.every((parte) => parte.activo)).toBe(true);
  });

  test('searchTerm matches part of the name, ignoring case and accents', async () => {
    const body = await list('empresa=alquileres&searchTerm=SOLLER');
    expect(names(body)).toEqual(['Hormigones Sóller S.L.', 'zapatería soller']);
    expect(body.meta).toEqual({ page: 1, limit: 10, total: 2, totalPages: 1 });
    expect(names(await list('empresa=alquileres&searchTerm=angel'))).toEqual([
      'Ángel Ferrer Construcciones',
      'ángela pons',
    ]);
    expect(
      names(await list(`empresa=alquileres&searchTerm=${encodeURIComponent('FERRETERÍA')}`)),
    ).toEqual(['Ferretería Inca']);
  });

  test('searchTerm matches part of the documento too', async () => {
    expect(names(await list('empresa=alquileres&searchTerm=1234567l'))).toEqual(['ángela pons']);
    expect((await list('empresa=alquileres&searchTerm=sum-00')).meta.total).toBe(18);
    expect((await list('empresa=alquileres&searchTerm=sum-001')).meta.total).toBe(9);
  });

  test('searchTerm with LIKE wildcards matches them literally', async () => {
    expect((await list('empresa=alquileres&searchTerm=%25')).meta.total).toBe(0);
    expect((await list('empresa=alquileres&searchTerm=_')).meta.total).toBe(0);
  });

  test('quotes and backslashes in the filters are values, never SQL', async () => {
    const created = await api.post('/api/proveedores', {
      nombre: "L'Hostal d'en Pep \\ Bar",
      documento: 'QUOTE-1',
      empresa: 'verticales',
    });
    expect(created.statusCode, created.body).toBe(201);
    const find = async (query: string) =>
      names(await list(`empresa=verticales&${new URLSearchParams(query).toString()}`));
    expect(await find("searchTerm=l'hostal d'en")).toEqual(["L'Hostal d'en Pep \\ Bar"]);
    expect(await find('searchTerm=pep \\ bar')).toEqual(["L'Hostal d'en Pep \\ Bar"]);
    expect(await find("documento=quote'")).toEqual([]);
    expect(await find("documentoExact=QUOTE-1'")).toEqual([]);
    expect(await find("searchTerm='); drop table partes; --")).toEqual([]);
    expect(await find("searchTerm=\\'")).toEqual([]);
    expect((await list('empresa=verticales')).meta.total).toBe(1);
  });

  test('search, activo and paging combine, with totals of the filtered set', async () => {
    const body = await list('empresa=alquileres&searchTerm=suministros&activo=true&limit=5&page=4');
    expect(body.meta).toEqual({ page: 4, limit: 5, total: 16, totalPages: 4 });
    expect(body.data).toHaveLength(1);
  });

  test('the search stays inside the empresa', async () => {
    expect(names(await list('empresa=transporte&searchTerm=soller'))).toEqual([
      'Transportes Soller',
    ]);
  });

  test('documento filters by part of it; documentoExact only by all of it', async () => {
    expect(names(await list('empresa=alquileres&documento=sum-001&limit=20'))).toEqual([
      ...Array.from({ length: 9 }, (_, index) => `Suministros ${10 + index}`),
    ]);
    expect((await list('empresa=alquileres&documento=sum-001')).meta.total).toBe(9);
    expect((await list('empresa=alquileres&documento=pons')).meta.total).toBe(0);
    const exact = await list('empresa=alquileres&documentoExact=x1234567l&limit=1&page=1');
    expect(names(exact)).toEqual(['ángela pons']);
    expect(exact.meta.total).toBe(1);
    expect((await list('empresa=alquileres&documentoExact=X1234567')).meta.total).toBe(0);
    expect((await list('empresa=transporte&documentoExact=X1234567L')).meta.total).toBe(0);
  });
});

describe('sorting', () => {
  test('by name descending reverses the ascending order', async () => {
    const asc = names(await list('empresa=alquileres&limit=100&sort=nombre'));
    const desc = names(await list('empresa=alquileres&limit=100&sort=-nombre'));
    expect(desc).toEqual([...asc].reverse());
    expect(names(await list('empresa=alquileres&limit=100&sort=nombre:desc'))).toEqual(desc);
  });

  test('by documento: ascending with the ones without documento last, descending first', async () => {
    const asc = (await list('empresa=alquileres&limit=100&sort=documento')).data.map(
      (p) => p.documento,
    );
    expect(asc.slice(0, 4)).toEqual(['A58818501', 'B12345674', 'FR-99887766', 'SUM-0001']);
    expect(asc.at(-1)).toBeNull();
    const desc = (await list('empresa=alquileres&limit=100&sort=-documento')).data.map(
      (p) => p.documento,
    );
    expect(desc[0]).toBeNull();
    expect(desc.slice(1)).toEqual(asc.slice(0, -1).reverse());
  });

  test('by creation date, both directions', async () => {
    const asc = names(await list('empresa=alquileres&limit=100&sort=createdAt'));
    expect(asc[0]).toBe('Ángel Ferrer Construcciones');
    expect(asc.at(-1)).toBe('Suministros 18');
    expect(names(await list('empresa=alquileres&limit=100&sort=-createdAt'))).toEqual(
      [...asc].reverse(),
    );
  });

  test('by update date follows the latest edit', async () => {
    const { data } = await list('empresa=alquileres&searchTerm=zapateria');
    const id = (data[0] as unknown as { _id: string })._id;
    await api.put(`/api/proveedores/${id}`, { nombre: 'zapatería soller' });
    expect(names(await list('empresa=alquileres&sort=-updatedAt&limit=1'))).toEqual([
      'zapatería soller',
    ]);
  });

  test('an unknown sort is 400 naming sort', async () => {
    const response = await api.get('/api/proveedores?empresa=alquileres&sort=precio');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatch(/^sort: El orden debe ser uno de nombre, documento/);
  });
});

describe('totals kept by the database', () => {
  test('follow creates and activo switches', async () => {
    const before = await list('empresa=transporte&activo=true');
    const created = (
      await api.post('/api/proveedores', { nombre: 'Nuevo', empresa: 'transporte' })
    ).json().data;
    expect((await list('empresa=transporte&activo=true')).meta.total).toBe(before.meta.total + 1);
    await api.put(`/api/proveedores/${created._id}`, { nombre: 'Nuevo', activo: false });
    expect((await list('empresa=transporte&activo=true')).meta.total).toBe(before.meta.total);
    expect((await list('empresa=transporte&activo=false')).meta.total).toBe(1);
    expect((await list('empresa=transporte')).meta.total).toBe(before.meta.total + 1);
  });

  test('follow deletes made straight in the database', async () => {
    const before = (await list('empresa=transporte')).meta.total;
    await t.database.withSession((session) =>
      session.query(
        `delete from partes where tipo = 'proveedor' and empresa = 'transporte' and nombre = 'Grúas Palma'`,
      ),
    );
    expect((await list('empresa=transporte')).meta.total).toBe(before - 1);
  });

  test('match a full count of the table', async () => {
    const rows = await t.database.withSession((session) =>
      session.query<{ tipo: string; empresa: string; activo: boolean; n: string; total: string }>(
        `select p.tipo, p.empresa, p.activo, count(*) as n, max(t.total) as total
           from partes p join partes_totales t using (tipo, empresa, activo)
          group by p.tipo, p.empresa, p.activo`,
      ),
    );
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) expect(Number(row.total)).toBe(Number(row.n));
  });
});
