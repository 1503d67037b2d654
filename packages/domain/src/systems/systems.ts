import { normalizeRoles, type Role } from '../auth/roles.js';

/** The only three systems (SPEC 5, 9). Their order is the order every list shows them in. */
export const SYSTEM_IDS = ['alquileres', 'transportes', 'verticales'] as const;
export type SystemId = (typeof SYSTEM_IDS)[number];

const KNOWN_SYSTEMS: ReadonlySet<string> = new Set(SYSTEM_IDS);

export const isSystemId = (value: unknown): value is SystemId =>
  typeof value === 'string' && KNOWN_SYSTEMS.has(value);

/** SPEC 4.2: the exact text shown when something tries to set an invalid system. */
export const invalidSystemMessage = (value: unknown): string =>
  `Sistema inválido: ${String(value)}. Sistemas válidos: ${SYSTEM_IDS.join(', ')}`;

export function assertSystemId(value: unknown): asserts value is SystemId {
  if (!isSystemId(value)) throw new Error(invalidSystemMessage(value));
}

export type SystemTheme = {
  readonly accent: string;
  readonly accentLight: string;
  readonly accentMedium: string;
  /** Dark enough to be read as text on white and on accentLight (WCAG AA). */
  readonly accentDark: string;
  readonly accentHover: string;
  readonly accentBorder: string;
  /** Text colour on accent and accentHover backgrounds: dark on yellow, white elsewhere. */
  readonly onAccent: string;
};

export type SystemIconName = 'FaTools' | 'FaTruck' | 'FaBuilding';

export type SystemDefinition = {
  readonly id: SystemId;
  readonly name: string;
  readonly shortName: string;
  readonly displayName: string;
  readonly logo: string;
  readonly icon: SystemIconName;
  readonly color: string;
  readonly theme: SystemTheme;
};

// Shades are the accent mixed with white (light 85 %, medium 50 %) or black (hover 10 %,
// border 20 %, dark enough for AA text); the test checks the contrast they promise.
export const SYSTEMS = {
  alquileres: {
    id: 'alquileres',
    name: 'Sistema de Alquileres',
    shortName: 'Alquileres',
    displayName: 'Alquileres',
    logo: '/logo.png',
    icon: 'FaTools',
    color: '#FFED00',
    theme: {
      accent: '#FFED00',
      accentLight: '#FFFCD9',
      accentMedium: '#FFF680',
      accentDark: '#736B00',
      accentHover: '#E6D500',
      accentBorder: '#CCBE00',
      onAccent: '#212529',
    },
  },
  transportes: {
    id: 'transportes',
    name: 'Sistema de Transportes',
    shortName: 'Transportes',
    displayName: 'Transportes',
    logo: '/logo_transportes.png',
    icon: 'FaTruck',
    color: '#342A81',
    theme: {
      accent: '#342A81',
      accentLight: '#E1DFEC',
      accentMedium: '#9A95C0',
      accentDark: '#241D5A',
      accentHover: '#2F2674',
      accentBorder: '#2A2267',
      onAccent: '#FFFFFF',
    },
  },
  verticales: {
    id: 'verticales',
    name: 'Trabajos Verticales',
    shortName: 'Verticales',
    displayName: 'Trabajos Verticales',
    logo: '/logo_trabajosVerticales.png',
    icon: 'FaBuilding',
    color: '#E40071',
    theme: {
      accent: '#E40071',
      accentLight: '#FBD9EA',
      accentMedium: '#F280B8',
      accentDark: '#A0004F',
      accentHover: '#CD0066',
      accentBorder: '#B6005A',
      onAccent: '#FFFFFF',
    },
  },
} as const satisfies Record<SystemId, SystemDefinition>;

export type SystemOption = {
  readonly id: SystemId;
  readonly alt: string;
  readonly name: string;
  readonly logo: string;
};

/** The logo buttons of the selection screen (SPEC 2.6), in display order. */
export const SYSTEM_OPTIONS: readonly SystemOption[] = [
  {
    id: 'alquileres',
    alt: 'Alquiler de Maquinaria',
    name: 'Alquileres',
    logo: SYSTEMS.alquileres.logo,
  },
  {
    id: 'transportes',
    alt: 'Mallorca Transporta',
    name: 'Transportes',
    logo: SYSTEMS.transportes.logo,
  },
  {
    id: 'verticales',
    alt: 'Trabajos Verticales',
    name: 'Trabajos Verticales',
    logo: SYSTEMS.verticales.logo,
  },
];

/** SPEC 6 system access. `maquinaria` is absent on purpose: normalisation turns it into transportes. */
export const SYSTEM_ACCESS = {
  alquileres: ['alquileres', 'administracion', 'empleado'],
  transportes: ['transportes', 'administracion'],
  // Owner decision (flota-obras.md §7): the `verticales` role views works, so it reaches their system.
  verticales: ['administracion', 'arquitecto', 'verticales'],
} as const satisfies Record<SystemId, readonly Role[]>;

/**
 * Roles are normalised again here so that a caller holding raw claim values (a lone `maquinaria`)
 * gets the same answer as one that normalised first.
 */
export const canAccessSystem = (roles: readonly Role[], system: SystemId): boolean => {
  if (!isSystemId(system)) return false;
  const granted: readonly Role[] = SYSTEM_ACCESS[system];
  return normalizeRoles(roles).some((role) => granted.includes(role));
};

export const availableSystems = (roles: readonly Role[]): SystemId[] =>
  SYSTEM_IDS.filter((system) => canAccessSystem(roles, system));
