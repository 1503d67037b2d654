import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig, seedDemoWorld } from '../../src/index.js';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';

// Issue 11, demo world: an empty database gets the canonical companies and parties of
// modules/README.md once; a second start adds nothing; a database with data is left alone;
// DEMO_DATA=false turns it off.

type Parte = { nombre: string; documento: string | null; empresa: string };

let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await createTestApp({ seedReferenceData: true });
  admin = `Bearer ${await t.tokens.forRoles(['administracion'])}`;
});
afterAll(async () => {
  await t?.close();
});

const list = async (resource: string, empresa: string) =>
  (
    await t.app.inject({
      url: `/api/${resource}?empresa=${empresa}&limit=50`,
      headers: { authorization: admin },
    })
  ).json<{ data: Parte[] }>().data;

describe('seedDemoWorld', () => {
  test('DEMO_DATA=false turns it off', async () => {
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(loadConfig({}).demoData).toBe(true);
    expect(await seedDemoWorld(t.database, { enabled: false })).toEqual({
      seeded: false,
      reason: 'desactivado',
    });
    expect(await list('clientes', 'alquileres')).toEqual([]);
  });

  test('seeds the companies and parties of the demo world, once', async () => {
    const result = await seedDemoWorld(t.database, { enabled: true, today: '2026-11-23' });
    expect(result).toEqual({
      seeded: true,
      day: '2026-11-23',
      modules: ['partes', 'finanzas'],
    });

    const clientes = await list('clientes', 'alquileres');
    expect(clientes.map((c) => c.nombre).sort()).toEqual(
      [
        'Construcciones Ferrer Pons, S.L.',
        'Construcciones Llevant, S.L.',
        'Hotel Cala Major, S.A.',
        'Miquel Oliver Riera',
        'Reformas Tramuntana, S.L.',
      ].sort(),
    );
    expect((await list('clientes', 'transporte')).map((c) => c.documento).sort()).toEqual([
      'B07556673',
      'B07788128',
    ]);
    expect((await list('clientes', 'verticales')).length).toBe(4);
    expect((await list('proveedores', 'transporte')).length).toBe(4);
    expect((await list('proveedores', 'alquileres')).map((p) => p.nombre).sort()).toEqual([
      'Joana Rosselló Font',
      'Talleres Son Castelló, S.L.',
    ]);

    const emisor = await t.app.inject({
      url: '/api/facturas/emisores/alquileres',
      headers: { authorization: admin },
    });
    expect(emisor.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      razonSocial: 'Alquiler de Maquinaria Mallorca, S.L.',
      nif: 'B07654320',
      iban: 'ES6000810573880001234567',
      epigrafeIae: '852',
      direccion: {
        calle: 'CAMÍ VELL DE BUNYOLA',
        altura: 37,
        codigoPostal: '07009',
        municipio: 'PALMA',
      },
      version: 1,
    });

    expect(await seedDemoWorld(t.database, { enabled: true })).toEqual({
      seeded: false,
      reason: 'ya sembrado',
    });
    expect((await list('clientes', 'alquileres')).length).toBe(5);
  });
});
