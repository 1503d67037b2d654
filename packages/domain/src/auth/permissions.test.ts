import { describe, expect, it } from 'vitest';
import { ANY_SIGNED_IN, PERMISSIONS, can, isPermission, type Permission } from './permissions.js';
import { ROLES, normalizeRoles, type Role } from './roles.js';

// SPEC 6 route-guard table, transcribed independently of PERMISSIONS so a change to either shows.
const SPEC_6: Record<Permission, readonly Role[] | 'any'> = {
  'session.view': 'any',
  'maquinaria.view': ['administracion', 'empleado', 'maquinaria', 'transportes'],
  'maquinaria.edit': ['administracion'],
  'andamios.view': ['administracion', 'empleado', 'alquileres'],
  'andamios.edit': ['administracion'],
  'conceptos.view': ['administracion'],
  'conceptos.edit': ['administracion'],
  'clientes.view': ['administracion', 'empleado', 'alquileres', 'maquinaria', 'transportes'],
  'clientes.edit': ['administracion'],
  'presupuestos.view': ['administracion', 'empleado', 'alquileres'],
  'presupuestos.edit': ['administracion', 'empleado', 'alquileres'],
  'alquileres.view': ['administracion', 'empleado', 'alquileres', 'operaciones'],
  'alquileres.edit': ['administracion', 'empleado', 'alquileres', 'operaciones'],
  'alquileres.archivos': 'any',
  'facturas.view': ['administracion', 'empleado', 'alquileres', 'transportes'],
  'facturas.edit': ['administracion', 'empleado', 'alquileres'],
  'facturas.transporte.edit': ['administracion', 'empleado', 'transportes'],
  'compras.view': ['administracion'],
  'compras.edit': ['administracion'],
  'notas.view': ['administracion'],
  'notas.edit': ['administracion'],
  'camiones.view': ['administracion', 'operaciones', 'transportes'],
  'camiones.edit': ['administracion'],
  'albaranes.view': ['administracion', 'empleado', 'transportes'],
  'albaranes.edit': ['administracion', 'empleado', 'transportes'],
  'albaranes.transporte.edit': ['administracion', 'transportes'],
  'obras.view': ['administracion', 'verticales'],
  'obras.edit': ['administracion', 'arquitecto'],
  'proveedores.view': 'any',
  'proveedores.edit': ['administracion', 'operaciones'],
  'ciudades.manage': ['administracion'],
  // Issue 4: any signed-in user reads; whoever edits suppliers or clients creates.
  'localizacion.view': 'any',
  'localizacion.create': ['administracion', 'operaciones'],
  'redirect.transportes': ['administracion', 'maquinaria', 'transportes'],
  'redirect.verticales': ['administracion', 'verticales'],
};

const cases = (Object.keys(SPEC_6) as Permission[]).flatMap((permission) =>
  ROLES.map((role) => {
    const rule = SPEC_6[permission];
    return { permission, role, expected: rule === 'any' || rule.includes(role) };
  }),
);

describe('PERMISSIONS (SPEC 6)', () => {
  it('has exactly the permissions of the SPEC 6 table', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual(Object.keys(SPEC_6).sort());
  });

  it.each(cases)(
    '$permission for a user with only $role: $expected',
    ({ permission, role, expected }) => {
      expect(can([role], permission)).toBe(expected);
    },
  );

  it('lets a user with no roles reach only the any-signed-in areas', () => {
    const reachable = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can([], p));
    expect(reachable.sort()).toEqual([
      'alquileres.archivos',
      'localizacion.view',
      'proveedores.view',
      'session.view',
    ]);
    expect(PERMISSIONS['session.view']).toBe(ANY_SIGNED_IN);
  });

  it('grants a normalised maquinaria user everything a transportes user gets', () => {
    const maquinaria = normalizeRoles(['maquinaria']);
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
      if (can(['transportes'], permission)) expect(can(maquinaria, permission)).toBe(true);
    }
    expect(can(maquinaria, 'albaranes.transporte.edit')).toBe(true);
  });

  it('is granted when any one of several roles qualifies', () => {
    expect(can(['arquitecto', 'operaciones'], 'proveedores.edit')).toBe(true);
    expect(can(['arquitecto', 'empleado'], 'camiones.view')).toBe(false);
  });

  it('derives localizacion.create from whoever may edit suppliers or clients', () => {
    for (const role of ROLES) {
      expect(can([role], 'localizacion.create')).toBe(
        can([role], 'proveedores.edit') || can([role], 'clientes.edit'),
      );
    }
    expect(PERMISSIONS['localizacion.create']).toEqual(['administracion', 'operaciones']);
  });

  it('recognises permission names, and not inherited object keys', () => {
    expect(isPermission('ciudades.manage')).toBe(true);
    expect(isPermission('ciudades.view')).toBe(false);
    expect(isPermission('toString')).toBe(false);
  });
});
