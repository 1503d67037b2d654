import type { Role } from '../auth/roles.js';
import { availableSystems, type SystemId } from './systems.js';

/** Supplier empresa values (SPEC 3). Note `transporte`, while the system id is `transportes`. */
export const EMPRESAS = ['alquileres', 'transporte', 'verticales'] as const;
export type Empresa = (typeof EMPRESAS)[number];

const KNOWN_EMPRESAS: ReadonlySet<string> = new Set(EMPRESAS);

export const isEmpresa = (value: unknown): value is Empresa =>
  typeof value === 'string' && KNOWN_EMPRESAS.has(value);

export const DEFAULT_EMPRESA: Empresa = 'alquileres';

export const EMPRESA_LABELS = {
  alquileres: 'Alquileres',
  transporte: 'Transportes',
  verticales: 'Trabajos Verticales',
} as const satisfies Record<Empresa, string>;

/** The empresa dropdown, in SPEC order. */
export const EMPRESA_OPTIONS: readonly { readonly value: Empresa; readonly label: string }[] =
  EMPRESAS.map((value) => ({ value, label: EMPRESA_LABELS[value] }));

/** SPEC 3: transportes → transporte, verticales → verticales, anything else → alquileres. */
export const empresaForSystem = (system: unknown): Empresa => {
  if (system === 'transportes') return 'transporte';
  if (system === 'verticales') return 'verticales';
  return DEFAULT_EMPRESA;
};

const SYSTEM_BY_EMPRESA = {
  alquileres: 'alquileres',
  transporte: 'transportes',
  verticales: 'verticales',
} as const satisfies Record<Empresa, SystemId>;

export const systemForEmpresa = (empresa: Empresa): SystemId => SYSTEM_BY_EMPRESA[empresa];

/** Empresa scoping (DESIGN security model): the empresas whose system the roles may access. */
export const accessibleEmpresas = (roles: readonly Role[]): Empresa[] =>
  availableSystems(roles).map(empresaForSystem);

export const canAccessEmpresa = (roles: readonly Role[], empresa: Empresa): boolean =>
  accessibleEmpresas(roles).includes(empresa);
