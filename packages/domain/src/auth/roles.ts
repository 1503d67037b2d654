/** Roles known to the product (SPEC 6). */
export const ROLES = [
  'administracion',
  'empleado',
  'transportes',
  'alquileres',
  'arquitecto',
  'maquinaria',
  'operaciones',
  'verticales',
] as const;
export type Role = (typeof ROLES)[number];

/** How a role is shown to users (badges, lists): the claim values stay unaccented. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  administracion: 'Administración',
  empleado: 'Empleado',
  transportes: 'Transportes',
  alquileres: 'Alquileres',
  arquitecto: 'Arquitecto',
  maquinaria: 'Maquinaria',
  operaciones: 'Operaciones',
  verticales: 'Verticales',
};

const KNOWN_ROLES: ReadonlySet<string> = new Set(ROLES);

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && KNOWN_ROLES.has(value);

/** Default namespace of the custom claims `rol` and `roles` (DESIGN.md). */
export const DEFAULT_CLAIMS_NAMESPACE = 'https://tvsistema.es/';

/**
 * Normalises raw role values (SPEC 5): non-strings are ignored, unknown names dropped, duplicates
 * removed. The legacy role `maquinaria` is kept (some guards still name it) and also grants
 * `transportes`, which is what "treated as transportes" means for system access.
 */
export const normalizeRoles = (raw: readonly unknown[]): Role[] => {
  const result = new Set<Role>();
  for (const value of raw) {
    const name = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
    if (!isRole(name)) continue;
    result.add(name);
    if (name === 'maquinaria') result.add('transportes');
  }
  return [...result];
};

/**
 * Reads the single role claim `rol` and the list claim `roles` (both namespaced) from an ID or
 * access token payload, and normalises them together.
 */
export const rolesFromClaims = (
  claims: Readonly<Record<string, unknown>>,
  namespace: string = DEFAULT_CLAIMS_NAMESPACE,
): Role[] => {
  const single = claims[`${namespace}rol`];
  const list = claims[`${namespace}roles`];
  return normalizeRoles([single, ...(Array.isArray(list) ? list : [])]);
};

export const hasRole = (roles: readonly Role[], role: Role): boolean => roles.includes(role);
