import { describe, expect, it } from 'vitest';
import {
  EMPRESAS,
  EMPRESA_LABELS,
  EMPRESA_OPTIONS,
  accessibleEmpresas,
  canAccessEmpresa,
  empresaForSystem,
  isEmpresa,
  systemForEmpresa,
} from './empresa.js';

describe('empresa (SPEC 3)', () => {
  it('offers alquileres, transporte and verticales with their labels', () => {
    expect(EMPRESAS).toEqual(['alquileres', 'transporte', 'verticales']);
    expect(EMPRESA_LABELS).toEqual({
      alquileres: 'Alquileres',
      transporte: 'Transportes',
      verticales: 'Trabajos Verticales',
    });
    expect(EMPRESA_OPTIONS).toEqual([
      { value: 'alquileres', label: 'Alquileres' },
      { value: 'transporte', label: 'Transportes' },
      { value: 'verticales', label: 'Trabajos Verticales' },
    ]);
  });

  it('does not take the system id transportes as an empresa', () => {
    expect(isEmpresa('transporte')).toBe(true);
    expect(isEmpresa('transportes')).toBe(false);
  });

  it.each([
    ['transportes', 'transporte'],
    ['verticales', 'verticales'],
    ['alquileres', 'alquileres'],
    [null, 'alquileres'],
    ['transporte', 'alquileres'],
    [undefined, 'alquileres'],
  ])('maps system %s to empresa %s', (system, empresa) => {
    expect(empresaForSystem(system)).toBe(empresa);
  });

  it('maps each empresa back to its system', () => {
    expect(EMPRESAS.map(systemForEmpresa)).toEqual(['alquileres', 'transportes', 'verticales']);
  });

  it('scopes empresas by the systems the roles reach', () => {
    expect(accessibleEmpresas(['administracion'])).toEqual([
      'alquileres',
      'transporte',
      'verticales',
    ]);
    expect(accessibleEmpresas(['maquinaria'])).toEqual(['transporte']);
    expect(accessibleEmpresas(['operaciones'])).toEqual([]);
    expect(canAccessEmpresa(['empleado'], 'alquileres')).toBe(true);
    expect(canAccessEmpresa(['empleado'], 'transporte')).toBe(false);
  });
});
