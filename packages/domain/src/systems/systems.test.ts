import { describe, expect, it } from 'vitest';
import { DEFAULT_CLAIMS_NAMESPACE, ROLES, rolesFromClaims, type Role } from '../auth/roles.js';
import {
  SYSTEMS,
  SYSTEM_ACCESS,
  SYSTEM_IDS,
  SYSTEM_OPTIONS,
  assertSystemId,
  availableSystems,
  canAccessSystem,
  isSystemId,
  type SystemId,
} from './systems.js';
import { themeClassName, themeCssVariables } from './theme-variables.js';

const luminance = (hex: string): number => {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
};
const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
};

describe('system ids', () => {
  it('are exactly the three systems, in display order', () => {
    expect(SYSTEM_IDS).toEqual(['alquileres', 'transportes', 'verticales']);
  });

  it('accepts only those ids', () => {
    expect(SYSTEM_IDS.every(isSystemId)).toBe(true);
    for (const value of ['transporte', 'Alquileres', '', 'constructor', null, 1, undefined]) {
      expect(isSystemId(value)).toBe(false);
    }
  });

  it('rejects an invalid value with the SPEC 4.2 message', () => {
    expect(() => assertSystemId('facturacion')).toThrow(
      new Error(
        'Sistema inválido: facturacion. Sistemas válidos: alquileres, transportes, verticales',
      ),
    );
    expect(() => assertSystemId(undefined)).toThrow(
      'Sistema inválido: undefined. Sistemas válidos: alquileres, transportes, verticales',
    );
    expect(() => assertSystemId('verticales')).not.toThrow();
  });
});

describe('SYSTEMS (SPEC 3)', () => {
  it.each([
    ['alquileres', 'Sistema de Alquileres', '/logo.png', 'FaTools', '#FFED00'],
    ['transportes', 'Sistema de Transportes', '/logo_transportes.png', 'FaTruck', '#342A81'],
    ['verticales', 'Trabajos Verticales', '/logo_trabajosVerticales.png', 'FaBuilding', '#E40071'],
  ] as const)('%s is "%s" with logo %s, icon %s and accent %s', (id, name, logo, icon, accent) => {
    const system = SYSTEMS[id];
    expect(system).toMatchObject({ id, name, logo, icon, color: accent });
    expect(system.theme.accent).toBe(accent);
    expect(system.shortName).not.toBe('');
    expect(system.displayName).not.toBe('');
  });

  it.each(SYSTEM_IDS)('%s has a complete theme of hex colours', (id) => {
    const theme = SYSTEMS[id].theme;
    expect(Object.keys(theme).sort()).toEqual(
      [
        'accent',
        'accentBorder',
        'accentDark',
        'accentHover',
        'accentLight',
        'accentMedium',
        'onAccent',
      ].sort(),
    );
    for (const colour of Object.values(theme)) expect(colour).toMatch(/^#[0-9A-F]{6}$/);
  });

  it.each(SYSTEM_IDS)('%s keeps text readable (WCAG AA 4.5:1)', (id) => {
    const theme = SYSTEMS[id].theme;
    expect(contrast(theme.onAccent, theme.accent)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.onAccent, theme.accentHover)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.accentDark, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.accentDark, theme.accentLight)).toBeGreaterThanOrEqual(4.5);
  });

  it('writes dark text on the yellow of alquileres', () => {
    expect(contrast(SYSTEMS.alquileres.theme.onAccent, '#000000')).toBeLessThan(2);
  });

  it('exposes the theme as body class and CSS variables', () => {
    expect(themeClassName('transportes')).toBe('theme-transportes');
    expect(themeCssVariables('verticales')).toMatchObject({
      '--accent': '#E40071',
      '--accent-dark': SYSTEMS.verticales.theme.accentDark,
      '--on-accent': '#FFFFFF',
    });
  });
});

describe('SYSTEM_OPTIONS (SPEC 2.6)', () => {
  it('lists the three logo buttons with their alt and name', () => {
    expect(SYSTEM_OPTIONS.map(({ id, alt, name }) => ({ id, alt, name }))).toEqual([
      { id: 'alquileres', alt: 'Alquiler de Maquinaria', name: 'Alquileres' },
      { id: 'transportes', alt: 'Mallorca Transporta', name: 'Transportes' },
      { id: 'verticales', alt: 'Trabajos Verticales', name: 'Trabajos Verticales' },
    ]);
    expect(SYSTEM_OPTIONS.map((o) => o.logo)).toEqual(SYSTEM_IDS.map((id) => SYSTEMS[id].logo));
  });
});

// SPEC 6 system access, transcribed independently of SYSTEM_ACCESS; verticales with the owner
// decision of flota-obras.md §7 (the `verticales` role reaches its system).
const ACCESS: Record<SystemId, readonly Role[]> = {
  alquileres: ['alquileres', 'administracion', 'empleado'],
  transportes: ['transportes', 'administracion', 'maquinaria'],
  verticales: ['administracion', 'arquitecto', 'verticales'],
};

describe('system access (SPEC 6)', () => {
  it('names the roles of SPEC 6, leaving maquinaria to normalisation', () => {
    expect(SYSTEM_ACCESS).toEqual({
      alquileres: ['alquileres', 'administracion', 'empleado'],
      transportes: ['transportes', 'administracion'],
      verticales: ['administracion', 'arquitecto', 'verticales'],
    });
  });

  const cases = SYSTEM_IDS.flatMap((system) =>
    ROLES.map((role) => ({ system, role, expected: ACCESS[system].includes(role) })),
  );
  it.each(cases)('$system for a user with only $role: $expected', ({ system, role, expected }) => {
    expect(canAccessSystem([role], system)).toBe(expected);
  });

  it('denies every system without roles and for unknown system ids', () => {
    expect(availableSystems([])).toEqual([]);
    expect(canAccessSystem(['administracion'], 'constructor' as SystemId)).toBe(false);
  });

  it('gives the administrator all three systems in SYSTEM_IDS order', () => {
    expect(availableSystems(['administracion'])).toEqual([
      'alquileres',
      'transportes',
      'verticales',
    ]);
    expect(availableSystems(['arquitecto', 'transportes', 'empleado'])).toEqual([
      'alquileres',
      'transportes',
      'verticales',
    ]);
  });
});

// DESIGN.md demo accounts; `rol` holds the first role and `roles` all of them.
const claimsFor = (roles: readonly string[]): Record<string, unknown> => ({
  ...(roles[0] === undefined ? {} : { [`${DEFAULT_CLAIMS_NAMESPACE}rol`]: roles[0] }),
  [`${DEFAULT_CLAIMS_NAMESPACE}roles`]: roles,
});

describe('demo accounts reach the systems DESIGN.md promises', () => {
  it.each([
    ['admin', ['administracion'], ['alquileres', 'transportes', 'verticales']],
    ['empleado', ['empleado'], ['alquileres']],
    ['alquileres', ['alquileres'], ['alquileres']],
    ['transportes', ['transportes'], ['transportes']],
    ['maquinaria', ['maquinaria'], ['transportes']],
    ['arquitecto', ['arquitecto'], ['verticales']],
    ['verticales', ['verticales'], ['verticales']],
    ['operaciones', ['operaciones', 'alquileres', 'transportes'], ['alquileres', 'transportes']],
    ['sinroles', [], []],
  ] as const)('%s@tvsistema.test → %j', (_account, roles, systems) => {
    expect(availableSystems(rolesFromClaims(claimsFor(roles)))).toEqual(systems);
  });
});
