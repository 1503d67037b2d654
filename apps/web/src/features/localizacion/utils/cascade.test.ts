import { describe, expect, it } from 'vitest';
import { EMPTY_DIRECCION, type Direccion } from '@tvsistema/domain';
import { isEmptyDireccion, selectCiudad, selectLevel } from './cascade.js';

const full: Direccion = {
  paisId: 'p',
  pais: 'ESPAÑA',
  provinciaId: 'pr',
  provincia: 'ILLES BALEARS',
  municipioId: 'm',
  municipio: 'PALMA',
  ciudadId: 'c',
  ciudad: 'PALMA',
  calleId: 'ca',
  calle: 'CALLE MAYOR',
  codigoPostalId: 'cp',
  codigoPostal: '07001',
  altura: 3,
  planta: '1',
  local: null,
  observacion: null,
};

describe('selectLevel', () => {
  it('changes nothing below when the same record is chosen again', () => {
    expect(selectLevel(full, 'provincia', { id: 'pr', nombre: 'ILLES BALEARS' })).toEqual(full);
  });

  it('clears a level and its cascade when emptied', () => {
    expect(selectLevel(full, 'ciudad', null)).toMatchObject({
      municipioId: 'm',
      ciudadId: null,
      ciudad: null,
      calleId: null,
      codigoPostalId: null,
      altura: null,
      planta: '1',
    });
  });

  it('keeps altura while a street or a postal code remains', () => {
    expect(selectLevel(full, 'calle', null).altura).toBe(3);
    expect(selectLevel(selectLevel(full, 'calle', null), 'codigoPostal', null).altura).toBeNull();
  });
});

describe('selectCiudad', () => {
  it('fills a missing municipality without clearing the city', () => {
    const value = {
      ...EMPTY_DIRECCION,
      paisId: 'p',
      pais: 'ESPAÑA',
      provinciaId: 'pr',
      provincia: 'X',
    };
    expect(
      selectCiudad(value, { id: 'c', nombre: 'PALMA' }, { id: 'm', nombre: 'PALMA' }),
    ).toMatchObject({ municipioId: 'm', municipio: 'PALMA', ciudadId: 'c', ciudad: 'PALMA' });
  });
});

describe('isEmptyDireccion', () => {
  it('is true only when no level and no free field is filled', () => {
    expect(isEmptyDireccion(EMPTY_DIRECCION)).toBe(true);
    expect(isEmptyDireccion({ ...EMPTY_DIRECCION, planta: '2' })).toBe(false);
    expect(isEmptyDireccion(full)).toBe(false);
  });
});
