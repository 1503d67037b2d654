import { describe, expect, it } from 'vitest';
import { ANY_SIGNED_IN, PERMISSIONS, can, isPermission, type Permission } from './permissions.js';
import { ROLES, normalizeRoles } from './roles.js';

/** The role × permission table as a reviewer reads it: one row per permission, ✓ where granted. */
const table = () => {
  const permissions = (Object.keys(PERMISSIONS) as Permission[]).sort();
  const width = Math.max(...permissions.map((permission) => permission.length));
  const header = ['permiso'.padEnd(width), ...ROLES].join(' | ');
  const rows = permissions.map((permission) =>
    [
      permission.padEnd(width),
      ...ROLES.map((role) => (can([role], permission) ? '✓' : '·').padEnd(role.length)),
    ].join(' | '),
  );
  return ['', header, ...rows, ''].join('\n');
};

describe('PERMISSIONS (SPEC 6)', () => {
  // One reviewed snapshot instead of a second hand-typed copy of the table: a change to a
  // permission shows as a diff of this table in review (update it with `vitest -u`).
  it('grants exactly the reviewed SPEC 6 table, role by role', () => {
    expect(table()).toMatchSnapshot();
  });

  it('keeps the empresas’ fiscal data (facturacion.fiscal) to administracion (modules/README.md)', () => {
    expect(can(['administracion'], 'facturacion.fiscal')).toBe(true);
    for (const role of ['empleado', 'alquileres', 'transportes', 'operaciones'] as const) {
      expect(can([role], 'facturacion.fiscal')).toBe(false);
    }
  });

  it('adds inventario’s keys with the roles of inventario.md §7', () => {
    const roles = (permission: Permission) =>
      (
        [
          'administracion',
          'empleado',
          'alquileres',
          'operaciones',
          'transportes',
          'maquinaria',
          'verticales',
          'arquitecto',
        ] as const
      ).filter((role) => can([role], permission));
    expect(roles('inventario.consultar')).toEqual([
      'administracion',
      'empleado',
      'alquileres',
      'operaciones',
    ]);
    expect(roles('maquinaria.taller')).toEqual(['administracion', 'empleado']);
    expect(roles('andamios.stock')).toEqual(['administracion', 'empleado']);
  });

  it('applies the owner decisions of flota-obras.md §7 to works', () => {
    const roles = (permission: Permission) =>
      (
        [
          'administracion',
          'empleado',
          'alquileres',
          'operaciones',
          'transportes',
          'maquinaria',
          'verticales',
          'arquitecto',
        ] as const
      ).filter((role) => can([role], permission));
    expect(roles('obras.view')).toEqual(['administracion', 'verticales', 'arquitecto']);
    expect(roles('obras.edit')).toEqual(['administracion', 'arquitecto']);
    expect(roles('redirect.verticales')).toEqual(['administracion', 'verticales', 'arquitecto']);
    // logistica.md §7: annulling a signed or delivered albarán is administracion's alone.
    expect(roles('albaranes.anular')).toEqual(['administracion']);
    // Whoever edits a work may add a street to its address.
    expect(can(['arquitecto'], 'localizacion.create')).toBe(true);
  });

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

  it('derives localizacion.create from whoever may edit suppliers, clients, quotes or works (comercial.md §7, flota-obras.md §2.3)', () => {
    for (const role of ROLES) {
      expect(can([role], 'localizacion.create')).toBe(
        can([role], 'proveedores.edit') ||
          can([role], 'clientes.edit') ||
          can([role], 'presupuestos.edit') ||
          can([role], 'obras.edit'),
      );
    }
    expect(PERMISSIONS['localizacion.create']).toEqual([
      'administracion',
      'operaciones',
      'empleado',
      'alquileres',
      'arquitecto',
    ]);
  });

  it('recognises permission names, and not inherited object keys', () => {
    expect(isPermission('ciudades.manage')).toBe(true);
    expect(isPermission('ciudades.view')).toBe(false);
    expect(isPermission('toString')).toBe(false);
  });
});
