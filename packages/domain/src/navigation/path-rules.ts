import { isSystemId, type SystemId } from '../systems/systems.js';
import { isUnderPrefix, normalizePath } from './normalize-path.js';
import { isSpecialRoute } from './special-routes.js';

export type PathRule = {
  /** Prefixes (sub-paths included) the system allows. */
  readonly allowed: readonly string[];
  /** Prefixes the system rejects. */
  readonly rejected: readonly string[];
  /** What a path matching neither list gets. */
  readonly otherwise: 'allow' | 'reject';
};

// Every system keeps the session pages; the verticales dashboard then sends itself to /obras.
const SESSION_PAGES = ['/dashboard', '/profile'] as const;

/**
 * SPEC 2.3 as data. alquileres names what it rejects and lets the rest through; transportes and
 * verticales reject anything outside their lists. /facturas and /albaranes are shared by every
 * system except verticales; /compras belongs to alquileres and /transporte/compras to transportes.
 */
export const PATH_RULES = {
  alquileres: {
    allowed: [
      ...SESSION_PAGES,
      '/clientes',
      '/proveedores',
      '/presupuestos',
      '/alquileres',
      '/facturas',
      '/compras',
      '/notas',
      '/andamios',
      '/maquinaria',
      '/conceptos',
      '/albaranes',
      '/localizacion/ciudades',
    ],
    rejected: ['/transporte', '/camiones', '/obras'],
    otherwise: 'allow',
  },
  transportes: {
    allowed: [
      ...SESSION_PAGES,
      '/transporte/clientes',
      '/transporte/proveedores',
      '/transporte/camiones',
      '/transporte/facturas',
      '/transporte/compras',
      '/transporte/albaranes',
      '/camiones',
      '/albaranes',
      '/facturas',
      '/facturas/transporte',
      '/albaranes/transporte',
    ],
    rejected: ['/compras'],
    otherwise: 'reject',
  },
  verticales: {
    allowed: [...SESSION_PAGES, '/obras'],
    rejected: ['/facturas', '/albaranes'],
    otherwise: 'reject',
  },
} as const satisfies Record<SystemId, PathRule>;

const longestMatch = (path: string, prefixes: readonly string[]): number =>
  Math.max(-1, ...prefixes.filter((prefix) => isUnderPrefix(path, prefix)).map((p) => p.length));

/**
 * Whether `path` may be shown while `system` is current. Special routes are exempt (SPEC 2.1).
 * The most specific matching prefix decides, so the data can carve exceptions out of a prefix;
 * on a tie the rejection wins.
 */
export const isPathAllowed = (system: SystemId, path: unknown): boolean => {
  if (!isSystemId(system)) return false;
  if (isSpecialRoute(path)) return true;
  const rule: PathRule = PATH_RULES[system];
  const normalized = normalizePath(path);
  const allowed = longestMatch(normalized, rule.allowed);
  const rejected = longestMatch(normalized, rule.rejected);
  if (allowed < 0 && rejected < 0) return rule.otherwise === 'allow';
  return allowed > rejected;
};

/** Where a path that is not allowed for the system goes (SPEC 2.3, 4.2). */
export const fallbackPathFor = (system: SystemId): '/obras' | '/dashboard' =>
  system === 'verticales' ? '/obras' : '/dashboard';

/** SPEC 2.4 auto-detection, first match wins. */
export const SYSTEM_DETECTION_RULES: readonly {
  readonly prefix: string;
  readonly system: SystemId;
}[] = [
  { prefix: '/transporte', system: 'transportes' },
  { prefix: '/camiones', system: 'transportes' },
  { prefix: '/facturas/transporte', system: 'transportes' },
  { prefix: '/albaranes/transporte', system: 'transportes' },
  { prefix: '/obras', system: 'verticales' },
  { prefix: '/localizacion/ciudades', system: 'alquileres' },
];

export const detectSystemFromPath = (path: unknown): SystemId | null => {
  const normalized = normalizePath(path);
  return (
    SYSTEM_DETECTION_RULES.find((rule) => isUnderPrefix(normalized, rule.prefix))?.system ?? null
  );
};
