import { describe, expect, it } from 'vitest';
import { direccionIdsOf, direccionInputOf, EMPTY_DIRECCION } from './direccion.js';

describe('direccionIdsOf / direccionInputOf', () => {
  const shown = {
    ...EMPTY_DIRECCION,
    paisId: 'p',
    pais: 'ESPAÑA',
    ciudadId: 'c',
    ciudad: 'PALMA',
    codigoPostalId: 'cp',
    codigoPostal: '07001',
    altura: 12,
    planta: ' 2º ',
    local: '   ',
    observacion: 'Portal azul',
  };

  it('keeps the ids of every level and drops the names', () => {
    expect(direccionIdsOf(shown)).toEqual({
      paisId: 'p',
      provinciaId: null,
      municipioId: null,
      ciudadId: 'c',
      calleId: null,
      codigoPostalId: 'cp',
    });
    expect(direccionIdsOf(undefined)).toEqual(direccionIdsOf(EMPTY_DIRECCION));
  });

  it('adds the free fields, blank texts as null', () => {
    const input = direccionInputOf(shown);
    expect(input).toMatchObject({
      altura: 12,
      planta: '2º',
      local: null,
      observacion: 'Portal azul',
    });
    expect(input).not.toHaveProperty('pais');
    expect(input).not.toHaveProperty('ciudad');
  });
});
