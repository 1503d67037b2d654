import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../testing/fake-api.js';
import { findPalmaAddress } from './palma-prefill.js';

const list = (items: { _id: string; nombre: string }[]) => ({
  body: { success: true, data: items },
});

describe('findPalmaAddress', () => {
  it('tries the candidate names in order and fills every level it finds', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/localizacion/paises', () => list([{ _id: 'es', nombre: 'ESPAÑA' }]));
    fake.on('GET', '/api/localizacion/provincias', ({ query }) =>
      list(
        query.get('nombre') === 'Islas Baleares' ? [{ _id: 'ib', nombre: 'ILLES BALEARS' }] : [],
      ),
    );
    // A bare array body is read too (SPEC 7: "from data or from the body").
    fake.on('GET', '/api/localizacion/municipios', ({ query }) => ({
      body: query.get('nombre') === 'Palma' ? [{ _id: 'pm', nombre: 'PALMA' }] : [],
    }));
    fake.on('GET', '/api/localizacion/ciudades', () =>
      list([{ _id: 'pm-c', nombre: 'PALMA DE MALLORCA' }]),
    );

    const direccion = await findPalmaAddress(fake.api);

    expect(direccion).toMatchObject({
      paisId: 'es',
      pais: 'ESPAÑA',
      provinciaId: 'ib',
      provincia: 'ILLES BALEARS',
      municipioId: 'pm',
      municipio: 'PALMA',
      ciudadId: 'pm-c',
      ciudad: 'PALMA DE MALLORCA',
      calleId: null,
    });
    expect(
      fake.callsTo('GET', '/api/localizacion/provincias').map((c) => c.query.get('nombre')),
    ).toEqual(['Illes Balears', 'Islas Baleares']);
    expect(fake.callsTo('GET', '/api/localizacion/provincias')[0]?.query.get('paisId')).toBe('es');
    expect(
      fake.callsTo('GET', '/api/localizacion/municipios').map((c) => c.query.get('nombre')),
    ).toEqual(['Palma de Mallorca', 'Palma']);
    expect(fake.callsTo('GET', '/api/localizacion/ciudades')[0]?.query.get('municipioId')).toBe(
      'pm',
    );
  });

  it('gives nothing when España is not found', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/localizacion/paises', () => list([]));
    expect(await findPalmaAddress(fake.api)).toBeUndefined();
  });

  it('rejects when a lookup fails, so the caller leaves the address empty', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/localizacion/paises', () => ({ status: 500, body: { message: 'caído' } }));
    await expect(findPalmaAddress(fake.api)).rejects.toThrow('caído');
  });
});
