import { brotliDecompressSync } from 'node:zlib';
import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';
import { locationApi } from './location-api.js';
import type { LocationRecord } from './location-api.js';

let t: TestApp;
let api: ReturnType<typeof locationApi>;
let espana: LocationRecord;
let baleares: LocationRecord;
let palma: LocationRecord;
let palmaCiudad: LocationRecord;

const first = async (path: string) => {
  const reply = await api.call('GET', path);
  expect(reply.status, path).toBe(200);
  const row = (reply.body.data as LocationRecord[])[0];
  if (!row) throw new Error(`${path}: empty`);
  return row;
};

beforeAll(async () => {
  t = await createTestApp({ seedReferenceData: true });
  api = locationApi(t);
  espana = await first('/paises?nombre=españa');
  baleares = await first(`/provincias?nombre=illes%20balears&paisId=${espana._id}`);
  palma = await first(`/municipios?nombre=palma&provinciaId=${baleares._id}`);
  palmaCiudad = await first(`/ciudades?municipioId=${palma._id}`);
});
afterAll(async () => {
  await t?.close();
});

/** Starts-with matches first, then the rest, each group in alphabetical (accent-free) order. */
const expectRanked = (nombres: readonly unknown[], text: string) => {
  const forms = nombres.map((nombre) => normalizeSearchText(String(nombre)));
  for (const form of forms) expect(form).toContain(text);
  const starting = forms.filter((form) => form.startsWith(text));
  const rest = forms.filter((form) => !form.startsWith(text));
  expect(forms).toEqual([...starting, ...rest]);
  const sorted = (list: string[]) => list.toSorted((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  expect(starting).toEqual(sorted(starting));
  expect(rest).toEqual(sorted(rest));
};

describe('name search: partial, case- and accent-insensitive', () => {
  test('"palma" finds PALMA first, then the others that start with it, then those containing it', async () => {
    const reply = await api.call('GET', '/municipios?nombre=palma');
    expect(reply.status).toBe(200);
    const nombres = api.names(reply);
    expect(nombres[0]).toBe('PALMA');
    expect(nombres).toContain('LAS PALMAS DE GRAN CANARIA');
    expectRanked(nombres, 'palma');
    expect(nombres.indexOf('PALMA DEL RÍO')).toBeLessThan(
      nombres.indexOf('LAS PALMAS DE GRAN CANARIA'),
    );
  });

  test.each(['avila', 'ÁVILA', 'Àvila', '  avila '])('%j finds ÁVILA', async (text) => {
    const reply = await api.call('GET', `/municipios?nombre=${encodeURIComponent(text)}`);
    expect(api.names(reply)[0]).toBe('ÁVILA');
  });

  test('ñ and ç match n and c', async () => {
    expect(api.names(await api.call('GET', '/paises?nombre=espana'))).toEqual(['ESPAÑA']);
    expect(api.names(await api.call('GET', '/municipios?nombre=coruna'))).toContain('A CORUÑA');
  });

  test('the Castilian and the official name both find province 07', async () => {
    for (const text of ['islas baleares', 'ILLES BALEARS', 'baleares', 'Balears']) {
      const reply = await api.call('GET', `/provincias?nombre=${encodeURIComponent(text)}`);
      expect(reply.body.data, text).toEqual([
        {
          _id: baleares._id,
          nombre: 'ILLES BALEARS',
          nombreAlternativo: 'ISLAS BALEARES',
          paisId: espana._id,
          codigo: '07',
          version: 1,
        },
      ]);
    }
    expect(api.names(await api.call('GET', '/provincias?nombre=la%20coruna'))).toEqual([
      'A CORUÑA',
    ]);
  });

  test('LIKE wildcards typed by a user match only themselves', async () => {
    for (const text of ['%', '_', 'pal%a', '\\']) {
      const reply = await api.call('GET', `/municipios?nombre=${encodeURIComponent(text)}`);
      expect(reply.body.data, text).toEqual([]);
    }
  });

  test('an empty filter is no filter: alphabetical order', async () => {
    const reply = await api.call('GET', '/paises?nombre=&limit=5');
    expect(api.names(reply)).toEqual(['AFGANISTÁN', 'ALBANIA', 'ALEMANIA', 'ANDORRA', 'ANGOLA']);
  });
});

describe('filters by parent', () => {
  test('provincias of España: all 52', async () => {
    const reply = await api.call('GET', `/provincias?paisId=${espana._id}`);
    expect(reply.body.data).toHaveLength(52);
    expect(reply.body.meta).toEqual({ page: 1, limit: 100, hasMore: false });
  });

  test('municipios of Illes Balears: 67, and a search within them', async () => {
    const all = await api.call('GET', `/municipios?provinciaId=${baleares._id}`);
    expect(all.body.data).toHaveLength(67);
    expect((all.body.data as LocationRecord[]).every((m) => m.provinciaId === baleares._id)).toBe(
      true,
    );
    const within = await api.call('GET', `/municipios?provinciaId=${baleares._id}&nombre=palma`);
    expect(api.names(within)).toEqual(['PALMA']);
    expect(within.body.data).toEqual([
      { _id: palma._id, nombre: 'PALMA', provinciaId: baleares._id, codigo: '07040', version: 1 },
    ]);
  });

  test('ciudades by provincia, by municipio, and by both', async () => {
    expect((await api.call('GET', `/ciudades?provinciaId=${baleares._id}`)).body.data).toHaveLength(
      67,
    );
    expect((await api.call('GET', `/ciudades?municipioId=${palma._id}`)).body.data).toEqual([
      {
        _id: palmaCiudad._id,
        nombre: 'PALMA',
        provinciaId: baleares._id,
        municipioId: palma._id,
        version: 1,
      },
    ]);
    expect(
      api.names(
        await api.call(
          'GET',
          `/ciudades?provinciaId=${baleares._id}&municipioId=${palma._id}&nombre=PAL`,
        ),
      ),
    ).toEqual(['PALMA']);
    expect(
      (await api.call('GET', `/ciudades?provinciaId=${espana._id}&municipioId=${palma._id}`)).body
        .data,
    ).toEqual([]);
  });

  test('calles by ciudad and name', async () => {
    await api.create('calles', { nombre: 'Carrer de Sant Miquel', ciudadId: palmaCiudad._id });
    await api.create('calles', { nombre: 'Passeig Marítim', ciudadId: palmaCiudad._id });
    await api.create('calles', { nombre: 'Avinguda de Gabriel Alomar', ciudadId: palmaCiudad._id });
    const all = await api.call('GET', `/calles?ciudadId=${palmaCiudad._id}`);
    expect(api.names(all)).toEqual([
      'AVINGUDA DE GABRIEL ALOMAR',
      'CARRER DE SANT MIQUEL',
      'PASSEIG MARÍTIM',
    ]);
    expect(
      api.names(await api.call('GET', `/calles?ciudadId=${palmaCiudad._id}&nombre=maritim`)),
    ).toEqual(['PASSEIG MARÍTIM']);
  });

  test("Palma's 21 postal codes, by value, and a partial value", async () => {
    const all = await api.call('GET', `/codigos-postales?ciudadId=${palmaCiudad._id}`);
    expect(api.names(all, 'valor')).toEqual([
      '07001',
      '07002',
      '07003',
      '07004',
      '07005',
      '07006',
      '07007',
      '07008',
      '07009',
      '07010',
      '07011',
      '07012',
      '07013',
      '07014',
      '07015',
      '07071',
      '07120',
      '07198',
      '07199',
      '07600',
      '07610',
    ]);
    expect((all.body.data as LocationRecord[])[0]).toEqual({
      _id: expect.any(String),
      version: expect.any(Number),
      valor: '07001',
      ciudadId: palmaCiudad._id,
      activo: true,
    });
    expect(
      api.names(
        await api.call('GET', `/codigos-postales?ciudadId=${palmaCiudad._id}&valorParcial=071`),
        'valor',
      ),
    ).toEqual(['07120', '07198', '07199', '07071']);
  });

  test('postal codes over all of Spain: the ones starting with the text first', async () => {
    const reply = await api.call('GET', '/codigos-postales?valorParcial=0710&limit=500');
    const valores = api.names(reply, 'valor') as string[];
    const starting = valores.filter((v) => v.startsWith('0710'));
    expect(starting.length).toBeGreaterThan(0);
    expect(valores.slice(0, starting.length)).toEqual(starting);
    expect(valores.every((v) => v.includes('0710'))).toBe(true);
  });

  test('a parent filter that is not an id is invalid data', async () => {
    expect(await api.call('GET', '/municipios?provinciaId=07')).toEqual({
      status: 400,
      body: { message: 'Datos inválidos', errors: ['provinciaId: ID de provincia inválido'] },
    });
    expect((await api.call('GET', '/ciudades?provinciaId=x&municipioId=y')).body.errors).toEqual([
      'provinciaId: ID de provincia inválido',
      'municipioId: ID de municipio inválido',
    ]);
  });
});

describe('paging: meta { page, limit, hasMore }', () => {
  test('100 a page by default, the next page continues where it stopped', async () => {
    const page1 = await api.call('GET', '/municipios?nombre=ma');
    expect(page1.body.meta).toEqual({ page: 1, limit: 100, hasMore: true });
    expect(page1.body.data).toHaveLength(100);
    const page2 = await api.call('GET', '/municipios?nombre=ma&page=2');
    expect(page2.body.meta).toEqual({ page: 2, limit: 100, hasMore: true });
    const all = await api.call('GET', '/municipios?nombre=ma&limit=500');
    const ids = (reply: typeof all) => (reply.body.data as LocationRecord[]).map((row) => row._id);
    expect([...ids(page1), ...ids(page2)]).toEqual(ids(all).slice(0, 200));
  });

  test('pages of any size add up to the whole ranked list, across the starts-with/contains boundary', async () => {
    const whole = await api.call('GET', '/municipios?nombre=palma&limit=500');
    const ids = (reply: typeof whole) =>
      (reply.body.data as LocationRecord[]).map((row) => row._id);
    const nombres = api.names(whole);
    expect(nombres.some((n) => !normalizeSearchText(String(n)).startsWith('palma'))).toBe(true);
    for (const limit of [1, 2, 5]) {
      const collected: string[] = [];
      for (let page = 1; ; page += 1) {
        const reply = await api.call('GET', `/municipios?nombre=palma&limit=${limit}&page=${page}`);
        collected.push(...ids(reply));
        if (!(reply.body.meta as { hasMore: boolean }).hasMore) break;
      }
      expect(collected, `limit ${limit}`).toEqual(ids(whole));
    }
  });

  test('the last page says there is no more', async () => {
    const page = await api.call('GET', `/municipios?provinciaId=${baleares._id}&limit=50&page=2`);
    expect(page.body.data).toHaveLength(17);
    expect(page.body.meta).toEqual({ page: 2, limit: 50, hasMore: false });
    const exact = await api.call('GET', `/municipios?provinciaId=${baleares._id}&limit=67`);
    expect(exact.body.meta).toEqual({ page: 1, limit: 67, hasMore: false });
    const beyond = await api.call('GET', `/municipios?provinciaId=${baleares._id}&page=9`);
    expect(beyond.body).toEqual({
      success: true,
      data: [],
      meta: { page: 9, limit: 100, hasMore: false },
    });
  });

  test('limit is 1 to 500, page at least 1', async () => {
    expect((await api.call('GET', '/municipios?limit=500')).body.data).toHaveLength(500);
    expect(await api.call('GET', '/municipios?limit=501')).toEqual({
      status: 400,
      body: {
        message: 'Datos inválidos',
        errors: ['limit: El límite debe ser un número entero entre 1 y 500'],
      },
    });
    expect((await api.call('GET', '/municipios?page=0')).body.errors).toEqual([
      'page: La página debe ser un número entero mayor o igual a 1',
    ]);
  });
});

describe('the exact answer of a list (sent as JSON text, decision 0010)', () => {
  const raw = async (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/localizacion${path}`,
      headers: {
        authorization: `Bearer ${await t.tokens.forRoles(['administracion'])}`,
        ...headers,
      },
    });

  test("the records' fields in the schema's order, nothing else, byte for byte", async () => {
    const provincias = await raw('/provincias?nombre=baleares');
    expect(provincias.statusCode).toBe(200);
    expect(provincias.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(provincias.body).toBe(
      `{"success":true,"data":[{"_id":"${baleares._id}","nombre":"ILLES BALEARS",` +
        `"nombreAlternativo":"ISLAS BALEARES","paisId":"${espana._id}","codigo":"07","version":1}],` +
        '"meta":{"page":1,"limit":100,"hasMore":false}}',
    );
    const municipios = await raw(`/municipios?nombre=palma&provinciaId=${baleares._id}&limit=1`);
    expect(municipios.body).toBe(
      `{"success":true,"data":[{"_id":"${palma._id}","nombre":"PALMA","provinciaId":"${baleares._id}",` +
        `"codigo":${JSON.stringify(palma.codigo)},"version":1}],"meta":{"page":1,"limit":1,"hasMore":false}}`,
    );
    expect(municipios.headers['content-length']).toBe(String(Buffer.byteLength(municipios.body)));
  });

  test('a full page is compressed for a client that accepts it, to the same text', async () => {
    const plain = await raw('/municipios?nombre=ma');
    const br = await raw('/municipios?nombre=ma', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body).data).toHaveLength(100);
  });
});

describe('deleting reference data that others hang from is refused', () => {
  test('a province with its municipios and ciudades', async () => {
    expect(await api.call('DELETE', `/provincias/${baleares._id}`)).toEqual({
      status: 409,
      body: {
        message:
          'No se puede eliminar la provincia "ILLES BALEARS": tiene 67 municipios y 67 ciudades.',
      },
    });
    expect(await api.call('GET', `/provincias/${baleares._id}/dependencias`)).toEqual({
      status: 200,
      body: {
        success: true,
        data: {
          hijos: [
            { entidad: 'municipio', total: 67 },
            { entidad: 'ciudad', total: 67 },
          ],
          usos: 0,
        },
      },
    });
    expect(
      (await api.call('GET', `/municipios?provinciaId=${baleares._id}`)).body.data,
    ).toHaveLength(67);
  });

  test('a country, and a city with its postal codes and streets', async () => {
    expect((await api.call('DELETE', `/paises/${espana._id}`)).body).toEqual({
      message: 'No se puede eliminar el país "ESPAÑA": tiene 52 provincias.',
    });
    const reply = await api.call('DELETE', `/ciudades/${palmaCiudad._id}`);
    expect(reply.status).toBe(409);
    expect(reply.body.message).toMatch(
      /^No se puede eliminar la ciudad "PALMA": tiene \d+ calles y 21 códigos postales\.$/,
    );
  });
});
