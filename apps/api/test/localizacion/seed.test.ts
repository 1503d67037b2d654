import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOCATIONS_ES_META_KEY, migrate, seedLocationReferenceData } from '../../src/index.js';
import type { SeedResult } from '../../src/index.js';
import { createTestDatabase } from '../helpers/test-app.js';
import type { TestDatabase } from '../helpers/test-app.js';

let testDatabase: TestDatabase;
let first: SeedResult;

const count = async (table: string) =>
  (
    await testDatabase.database.withSession((session) =>
      session.query<{ n: number }>(`select count(*)::int as n from ${table}`),
    )
  )[0]?.n;

const one = async <Row>(text: string, params: unknown[] = []) =>
  (await testDatabase.database.withSession((session) => session.query<Row>(text, params)))[0];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await migrate(testDatabase.database);
  first = await seedLocationReferenceData(testDatabase.database);
  console.log(
    `Seed of Spain's locations (${testDatabase.database.kind}): ${first.ms} ms`,
    first.inserted,
  );
});
afterAll(async () => {
  await testDatabase?.close();
});

describe("Spain's reference locations", () => {
  test('loads 249 países, 52 provincias, 8,132 municipios with a ciudad each, 13,971 postal codes', async () => {
    const expected = {
      paises: 249,
      provincias: 52,
      municipios: 8132,
      ciudades: 8132,
      codigosPostales: 13971,
    };
    expect(first).toMatchObject({ skipped: false, inserted: expected });
    expect({
      paises: await count('paises'),
      provincias: await count('provincias'),
      municipios: await count('municipios'),
      ciudades: await count('ciudades'),
      codigosPostales: await count('codigos_postales'),
    }).toEqual(expected);
  });

  test('stores names uppercased with their codes; Baleares has both names', async () => {
    expect(await one('select nombre, codigo from paises where codigo = $1', ['ES'])).toEqual({
      nombre: 'ESPAÑA',
      codigo: 'ES',
    });
    expect(
      await one(
        `select p.nombre, p.nombre_alternativo as alt, p.nombre_busqueda as busqueda,
                p.nombre_alternativo_busqueda as alt_busqueda, pa.codigo as pais
           from provincias p join paises pa on pa.id = p.pais_id where p.codigo = '07'`,
      ),
    ).toEqual({
      nombre: 'ILLES BALEARS',
      alt: 'ISLAS BALEARES',
      busqueda: 'illes balears',
      alt_busqueda: 'islas baleares',
      pais: 'ES',
    });
    expect(await one(`select nombre_alternativo from provincias where codigo = '02'`)).toEqual({
      nombre_alternativo: null,
    });
    expect(
      await one(`select nombre, nombre_busqueda from municipios where codigo = '05019'`),
    ).toEqual({
      nombre: 'ÁVILA',
      nombre_busqueda: 'avila',
    });
    // INE's "Ballestero, El", a quoted field with a comma, in natural order.
    expect(await one(`select nombre from municipios where codigo = '02014'`)).toEqual({
      nombre: 'EL BALLESTERO',
    });
    expect(
      await count(`municipios m join provincias p on p.id = m.provincia_id where p.codigo = '07'`),
    ).toBe(67);
  });

  test('Palma (07040) has one ciudad PALMA with its 21 postal codes', async () => {
    const palma = await one<{ ciudad: string; municipio: string; codigos: string[] }>(
      `select c.nombre as ciudad, m.nombre as municipio,
              array_agg(cp.valor order by cp.valor) as codigos
         from municipios m
         join ciudades c on c.municipio_id = m.id and c.provincia_id = m.provincia_id
         join codigos_postales cp on cp.ciudad_id = c.id
        where m.codigo = '07040'
        group by 1, 2`,
    );
    expect(palma).toEqual({
      ciudad: 'PALMA',
      municipio: 'PALMA',
      codigos: [
        ...Array.from({ length: 15 }, (_, i) => `070${String(i + 1).padStart(2, '0')}`),
        '07071',
        '07120',
        '07198',
        '07199',
        '07600',
        '07610',
      ],
    });
  });

  test('records its version, and running it again changes nothing', async () => {
    expect(await one('select value from app_meta where key = $1', [LOCATIONS_ES_META_KEY])).toEqual(
      { value: first.version },
    );
    const before = await one(
      `select (select max(updated_at) from municipios) as m, (select count(*)::int from codigos_postales) as cp`,
    );
    const again = await seedLocationReferenceData(testDatabase.database);
    expect(again).toMatchObject({ skipped: true, version: first.version });
    expect(
      await one(
        `select (select max(updated_at) from municipios) as m, (select count(*)::int from codigos_postales) as cp`,
      ),
    ).toEqual(before);
  });

  test('a new version of the files only adds what is missing', async () => {
    await testDatabase.database.withSession((session) =>
      session.query(`update app_meta set value = 'anterior' where key = $1`, [
        LOCATIONS_ES_META_KEY,
      ]),
    );
    const rerun = await seedLocationReferenceData(testDatabase.database);
    expect(rerun).toMatchObject({
      skipped: false,
      inserted: { paises: 0, provincias: 0, municipios: 0, ciudades: 0, codigosPostales: 0 },
    });
    expect(await count('municipios')).toBe(8132);
    expect(await one('select value from app_meta where key = $1', [LOCATIONS_ES_META_KEY])).toEqual(
      { value: first.version },
    );
  });
});

test('two processes seeding one database at once load it once', async () => {
  const fresh = await createTestDatabase();
  try {
    await migrate(fresh.database);
    const results = await Promise.all([
      seedLocationReferenceData(fresh.database),
      seedLocationReferenceData(fresh.database),
    ]);
    expect(results.map((result) => result.skipped).sort()).toEqual([false, true]);
    const counts = await fresh.database.withSession((session) =>
      session.query<{ m: number; cp: number }>(
        'select (select count(*)::int from municipios) as m, (select count(*)::int from codigos_postales) as cp',
      ),
    );
    expect(counts).toEqual([{ m: 8132, cp: 13971 }]);
  } finally {
    await fresh.close();
  }
}, 120_000);
