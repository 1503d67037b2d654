import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CLAIMS_NAMESPACE,
  hasRole,
  isRole,
  normalizeRoles,
  ROLES,
  rolesFromClaims,
} from './roles.js';

describe('normalizeRoles (SPEC 5)', () => {
  it('treats the legacy maquinaria role as transportes while keeping it for the guards that name it', () => {
    expect(normalizeRoles(['maquinaria'])).toEqual(['maquinaria', 'transportes']);
  });

  it('ignores non-strings and unknown names and removes duplicates', () => {
    expect(
      normalizeRoles([
        42,
        null,
        undefined,
        { rol: 'administracion' },
        ['empleado'],
        'jefe',
        'empleado',
        'empleado',
      ]),
    ).toEqual(['empleado']);
  });

  it('accepts surrounding spaces and capitals in claim values', () => {
    expect(normalizeRoles([' Administracion '])).toEqual(['administracion']);
  });

  it('gives no roles for no claims', () => {
    expect(normalizeRoles([])).toEqual([]);
  });
});

describe('rolesFromClaims', () => {
  it('reads the single rol claim and the roles list together under the default namespace', () => {
    const claims = {
      [`${DEFAULT_CLAIMS_NAMESPACE}rol`]: 'operaciones',
      [`${DEFAULT_CLAIMS_NAMESPACE}roles`]: ['operaciones', 'alquileres', 'transportes'],
    };
    expect(rolesFromClaims(claims)).toEqual(['operaciones', 'alquileres', 'transportes']);
  });

  it('uses the namespace it is given and ignores claims outside it', () => {
    const claims = {
      'https://example.org/rol': 'arquitecto',
      'https://example.org/roles': ['maquinaria'],
      [`${DEFAULT_CLAIMS_NAMESPACE}rol`]: 'administracion',
      rol: 'administracion',
    };
    expect(rolesFromClaims(claims, 'https://example.org/')).toEqual([
      'arquitecto',
      'maquinaria',
      'transportes',
    ]);
  });

  it('tolerates a roles claim that is not a list and a missing rol', () => {
    expect(rolesFromClaims({ [`${DEFAULT_CLAIMS_NAMESPACE}roles`]: 'administracion' })).toEqual([]);
    expect(rolesFromClaims({})).toEqual([]);
  });
});

describe('isRole / hasRole', () => {
  it('knows exactly the reviewed roles of SPEC 6', () => {
    expect(ROLES).toMatchSnapshot();
    for (const role of ROLES) expect(isRole(role)).toBe(true);
    expect(isRole('admin')).toBe(false);
    expect(isRole(1)).toBe(false);
  });

  it('compares against the normalised list', () => {
    expect(hasRole(normalizeRoles(['maquinaria']), 'transportes')).toBe(true);
    expect(hasRole(['empleado'], 'administracion')).toBe(false);
  });
});
