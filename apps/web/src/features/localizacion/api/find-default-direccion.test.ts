import { describe, expect, it } from 'vitest';
import { EMPTY_DIRECCION } from '@tvsistema/domain';
import { ApiError } from '../../../lib/api-client.js';
import { createFakeLocalizacionApi, seedLocations } from '../testing/fake-localizacion-api.js';
import { findDefaultDireccion } from './find-default-direccion.js';

describe('findDefaultDireccion (SPEC 4.6)', () => {
  it('finds España / Illes Balears / Palma, trying the candidate names in order', async () => {
    const fake = createFakeLocalizacionApi();
    const ids = seedLocations(fake);
    expect(await findDefaultDireccion(fake.api)).toEqual({
      ...EMPTY_DIRECCION,
      paisId: ids.espana,
      pais: 'ESPAÑA',
      provinciaId: ids.baleares,
      provincia: 'ILLES BALEARS',
      municipioId: ids.palmaMunicipio,
      municipio: 'PALMA',
      ciudadId: ids.palma,
      ciudad: 'PALMA',
    });
    // "PALMA DE MALLORCA" first, then "PALMA", each under its parent.
    expect(fake.listCalls('municipio').map((call) => call.query)).toEqual([
      { nombre: 'PALMA DE MALLORCA', provinciaId: ids.baleares, page: '1', limit: '100' },
      { nombre: 'PALMA', provinciaId: ids.baleares, page: '1', limit: '100' },
    ]);
  });

  it('prefers the exact name over a longer one that also matches', async () => {
    const fake = createFakeLocalizacionApi();
    const espana = fake.add('pais', { nombre: 'ESPAÑA', codigo: 'ES' });
    const baleares = fake.add('provincia', {
      nombre: 'ILLES BALEARS',
      paisId: espana,
      codigo: '07',
    });
    fake.add('municipio', { nombre: 'PALMA DEL RÍO', provinciaId: baleares, codigo: null });
    const palma = fake.add('municipio', { nombre: 'PALMA', provinciaId: baleares, codigo: null });
    fake.add('ciudad', { nombre: 'PALMA', provinciaId: baleares, municipioId: palma });
    expect((await findDefaultDireccion(fake.api))?.municipioId).toBe(palma);
  });

  it('gives null when a level is missing or a lookup fails', async () => {
    const missing = createFakeLocalizacionApi();
    missing.add('pais', { nombre: 'ESPAÑA', codigo: 'ES' });
    expect(await findDefaultDireccion(missing.api)).toBeNull();

    const failing = createFakeLocalizacionApi();
    seedLocations(failing);
    failing.failNext('GET', /\/provincias$/, new ApiError(500, 'Error del servidor.'));
    expect(await findDefaultDireccion(failing.api)).toBeNull();
  });
});
