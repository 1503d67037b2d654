import type { Role } from './roles.js';

/** Marker for permissions any signed-in user has, whatever their roles. */
export const ANY_SIGNED_IN = 'any-signed-in' as const;

type Rule = readonly Role[] | typeof ANY_SIGNED_IN;

const PROVEEDORES_EDIT = ['administracion', 'operaciones'] as const satisfies readonly Role[];
const CLIENTES_EDIT = ['administracion'] as const satisfies readonly Role[];
const PRESUPUESTOS_EDIT = [
  'administracion',
  'empleado',
  'alquileres',
] as const satisfies readonly Role[];
// Owner decision (flota-obras.md §7, decision 0030): the arquitecto creates and edits works.
const OBRAS_EDIT = ['administracion', 'arquitecto'] as const satisfies readonly Role[];
const FACTURAS_EDIT = [
  'administracion',
  'empleado',
  'alquileres',
] as const satisfies readonly Role[];
const FACTURAS_TRANSPORTE_EDIT = [
  'administracion',
  'empleado',
  'transportes',
] as const satisfies readonly Role[];
const ALQUILERES_EDIT = [
  'administracion',
  'empleado',
  'alquileres',
  'operaciones',
] as const satisfies readonly Role[];

/** Every role of any of the lists, once, in first-seen order. */
const unionOf = (...lists: ReadonlyArray<readonly Role[]>): readonly Role[] => [
  ...new Set(lists.flat()),
];

/**
 * The permission table of SPEC 6, as data. Both the web route guards and the API routes name one
 * of these keys; `can` is the only function that reads it.
 */
export const PERMISSIONS = {
  'session.view': ANY_SIGNED_IN, // /dashboard, /profile, /settings, one's own /api/preferencias
  'maquinaria.view': ['administracion', 'empleado', 'maquinaria', 'transportes'],
  'maquinaria.edit': ['administracion'],
  'andamios.view': ['administracion', 'empleado', 'alquileres'],
  'andamios.edit': ['administracion'],
  'conceptos.view': ['administracion'],
  'conceptos.edit': ['administracion'],
  // inventario.md §7: SPEC 6 gives `alquileres` no machinery view and only administracion the
  // concepts, yet whoever quotes or rents needs machines, pieces and templates: a read-only
  // projection (pickers, availability), never the screens.
  'inventario.consultar': unionOf(PRESUPUESTOS_EDIT, ALQUILERES_EDIT),
  // The yard records hour meters and takes a broken machine out of service at once; the machine
  // record, its rates, documents and baja stay maquinaria.edit (SPEC 6).
  'maquinaria.taller': ['administracion', 'empleado'],
  // Sending pieces to and from repair is yard work; altas, bajas, sales and recounts stay
  // andamios.edit.
  'andamios.stock': ['administracion', 'empleado'],
  'clientes.view': ['administracion', 'empleado', 'alquileres', 'maquinaria', 'transportes'],
  'clientes.edit': CLIENTES_EDIT,
  'presupuestos.view': ['administracion', 'empleado', 'alquileres'],
  'presupuestos.edit': PRESUPUESTOS_EDIT,
  'alquileres.view': ['administracion', 'empleado', 'alquileres', 'operaciones'],
  'alquileres.edit': ALQUILERES_EDIT,
  'alquileres.archivos': ANY_SIGNED_IN, // SPEC 2.11: {id}/archivos/* has no role guard
  'facturas.view': ['administracion', 'empleado', 'alquileres', 'transportes'],
  'facturas.edit': FACTURAS_EDIT,
  'facturas.transporte.edit': FACTURAS_TRANSPORTE_EDIT,
  // finanzas.md §7: API only — one route serves both empresas, then the service requires the
  // empresa's own key (`facturas.edit` or `facturas.transporte.edit`); a union as localizacion.create.
  'facturas.write': unionOf(FACTURAS_EDIT, FACTURAS_TRANSPORTE_EDIT),
  // finanzas.md §7: anulación and deleting a cobro alter legal and money records.
  'facturas.anular': ['administracion'],
  // modules/README.md: emisor data, VERI*FACTU panel, libros registro and 347 expose every NIF and
  // the empresa's totals — administracion only.
  'facturacion.fiscal': ['administracion'],
  'compras.view': ['administracion'],
  'compras.edit': ['administracion'],
  'notas.view': ['administracion'],
  'notas.edit': ['administracion'],
  'camiones.view': ['administracion', 'operaciones', 'transportes'],
  'camiones.edit': ['administracion'],
  // flota-obras.md §7: an odometer reading is a daily operational fact reported by dispatch, not
  // an edit of the vehicle (whose create and edit SPEC 6 keeps for administracion).
  'camiones.kilometraje': ['administracion', 'operaciones', 'transportes'],
  'albaranes.view': ['administracion', 'empleado', 'transportes'],
  'albaranes.edit': ['administracion', 'empleado', 'transportes'],
  'albaranes.transporte.edit': ['administracion', 'transportes'],
  // logistica.md §7: annulling a signed rental albarán or a delivered transport albarán destroys
  // the evidence that the client got the goods, which SPEC 6's create/edit does not cover.
  'albaranes.anular': ['administracion'],
  // Owner decision (flota-obras.md §7, amends decision 0005): the arquitecto edits works and must
  // reach their list, the only screen of its system; one key serves list and edit screen readers.
  'obras.view': ['administracion', 'verticales', 'arquitecto'],
  'obras.edit': OBRAS_EDIT,
  'proveedores.view': ANY_SIGNED_IN,
  'proveedores.edit': PROVEEDORES_EDIT,
  'ciudades.manage': ['administracion'], // rename and delete locations; the cities screen
  // Not in SPEC 6's table: reading locations is part of every address, and the address picker's
  // "Crear nuevo" serves whoever may edit a supplier or a client (issue 4), or write the obra
  // address of a quote or rental (comercial.md §7).
  'localizacion.view': ANY_SIGNED_IN,
  // Works and quotes store a site address too (flota-obras.md §2.3, comercial.md §7): whoever
  // edits a work or a quote may add a street.
  'localizacion.create': unionOf(PROVEEDORES_EDIT, CLIENTES_EDIT, PRESUPUESTOS_EDIT, OBRAS_EDIT),
  'redirect.transportes': ['administracion', 'maquinaria', 'transportes'],
  'redirect.verticales': ['administracion', 'verticales', 'arquitecto'],
} as const satisfies Record<string, Rule>;

export type Permission = keyof typeof PERMISSIONS;

export const isPermission = (value: string): value is Permission =>
  Object.hasOwn(PERMISSIONS, value);

/** Roles a permission names, or ANY_SIGNED_IN. */
export const permissionRule = (permission: Permission): Rule => PERMISSIONS[permission];

/** The single permission check, used by the web guards and the API alike. */
export const can = (roles: readonly Role[], permission: Permission): boolean => {
  const rule: Rule = PERMISSIONS[permission];
  if (rule === ANY_SIGNED_IN) return true;
  return rule.some((role) => roles.includes(role));
};
