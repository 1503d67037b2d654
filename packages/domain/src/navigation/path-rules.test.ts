import { describe, expect, it } from 'vitest';
import { SYSTEM_IDS, type SystemId } from '../systems/systems.js';
import { detectSystemFromPath, fallbackPathFor, isPathAllowed } from './path-rules.js';

// Sample paths a user would visit (SPEC 2.3), grouped by where the specification names them.
const ALQUILERES_ALLOWED = [
  '/dashboard',
  '/profile',
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
];
const ALQUILERES_REJECTED = [
  '/transporte',
  '/transporte/clientes',
  '/transporte/compras',
  '/camiones',
  '/obras',
];

const TRANSPORTES_ALLOWED = [
  '/dashboard',
  '/profile',
  '/transporte/clientes',
  '/transporte/proveedores',
  '/transporte/camiones',
  '/transporte/facturas',
  '/transporte/compras',
  '/transporte/albaranes',
  '/camiones',
  '/albaranes',
  '/facturas',
  '/facturas/transporte/nueva',
  '/albaranes/transporte/crear',
];
const TRANSPORTES_REJECTED = [
  '/clientes',
  '/proveedores',
  '/presupuestos',
  '/alquileres',
  '/compras',
  '/notas',
  '/andamios',
  '/maquinaria',
  '/conceptos',
  '/localizacion/ciudades',
  '/obras',
  '/transporte',
  '/transporte/otra-cosa',
  '/settings',
];

const VERTICALES_ALLOWED = ['/obras', '/dashboard', '/profile'];
const VERTICALES_REJECTED = [
  ...ALQUILERES_ALLOWED.filter((path) => !VERTICALES_ALLOWED.includes(path)),
  ...TRANSPORTES_ALLOWED.filter((path) => !VERTICALES_ALLOWED.includes(path)),
  '/settings',
];

const SAMPLE_PATHS = [
  ...new Set([
    ...ALQUILERES_ALLOWED,
    ...ALQUILERES_REJECTED,
    ...TRANSPORTES_ALLOWED,
    ...TRANSPORTES_REJECTED,
    ...VERTICALES_ALLOWED,
    ...VERTICALES_REJECTED,
  ]),
];

/** Each sample path (and a child of it) with the systems that allow it, as a reviewer reads it. */
const table = () => {
  const paths = SAMPLE_PATHS.flatMap((path) => [path, `${path}/123/editar`]);
  const width = Math.max(...paths.map((path) => path.length));
  const rows = paths.map((path) =>
    [
      path.padEnd(width),
      ...SYSTEM_IDS.map((system) =>
        (isPathAllowed(system, path) ? '✓' : '·').padEnd(system.length),
      ),
    ].join(' | '),
  );
  return ['', ['ruta'.padEnd(width), ...SYSTEM_IDS].join(' | '), ...rows, ''].join('\n');
};

describe('isPathAllowed (SPEC 2.3)', () => {
  // The reviewed table: a changed rule shows as a diff here (update with `vitest -u`).
  it('allows exactly the reviewed table of paths per system', () => {
    expect(table()).toMatchSnapshot();
  });

  it('keeps /facturas and /albaranes in every system except verticales', () => {
    for (const path of ['/facturas', '/albaranes/ver/7']) {
      expect(SYSTEM_IDS.filter((system) => isPathAllowed(system, path))).toEqual([
        'alquileres',
        'transportes',
      ]);
    }
  });

  it('keeps /compras to alquileres and /transporte/compras to transportes', () => {
    expect(SYSTEM_IDS.filter((s) => isPathAllowed(s, '/compras/nueva'))).toEqual(['alquileres']);
    expect(SYSTEM_IDS.filter((s) => isPathAllowed(s, '/transporte/compras/nueva'))).toEqual([
      'transportes',
    ]);
  });

  it('matches whole segments only', () => {
    expect(isPathAllowed('transportes', '/camionesX')).toBe(false);
    expect(isPathAllowed('transportes', '/facturasX')).toBe(false);
    expect(isPathAllowed('verticales', '/obrasX')).toBe(false);
    expect(isPathAllowed('verticales', '/dashboardX')).toBe(false);
    // alquileres only rejects what it names, so a look-alike is not caught by /obras or /transporte.
    expect(isPathAllowed('alquileres', '/obrasX')).toBe(true);
    expect(isPathAllowed('alquileres', '/transportes')).toBe(true);
    expect(isPathAllowed('alquileres', '/camiones-viejos')).toBe(true);
  });

  it('ignores query strings, fragments, trailing slashes, letter case and dot segments', () => {
    expect(isPathAllowed('verticales', '/obras/?page=2')).toBe(true);
    expect(isPathAllowed('verticales', '/obras#arriba')).toBe(true);
    expect(isPathAllowed('verticales', '/clientes?next=/obras')).toBe(false);
    expect(isPathAllowed('alquileres', '/OBRAS')).toBe(false);
    expect(isPathAllowed('alquileres', '/clientes/../obras')).toBe(false);
    expect(isPathAllowed('alquileres', '//obras')).toBe(false);
    expect(isPathAllowed('alquileres', '/%6Fbras')).toBe(false);
    expect(isPathAllowed('verticales', '/obras/%2E%2E/clientes')).toBe(false);
  });

  it('exempts the special routes in every system', () => {
    for (const system of SYSTEM_IDS) {
      for (const path of [
        '/',
        '/callback',
        '/select-system?returnTo=%2Fobras',
        '/unauthorized',
        '/not-found',
      ]) {
        expect(isPathAllowed(system, path)).toBe(true);
      }
    }
  });

  it('allows nothing for an unknown system', () => {
    expect(isPathAllowed('otro' as SystemId, '/dashboard')).toBe(false);
  });
});

describe('fallbackPathFor', () => {
  it('sends verticales to /obras and the others to /dashboard', () => {
    expect(fallbackPathFor('verticales')).toBe('/obras');
    expect(fallbackPathFor('alquileres')).toBe('/dashboard');
    expect(fallbackPathFor('transportes')).toBe('/dashboard');
  });
});

describe('detectSystemFromPath (SPEC 2.4)', () => {
  it.each([
    ['/transporte/clientes', 'transportes'],
    ['/transporte/albaranes/ver/3', 'transportes'],
    ['/camiones', 'transportes'],
    ['/camiones/7/editar', 'transportes'],
    ['/facturas/transporte/nueva', 'transportes'],
    ['/albaranes/transporte/crear?x=1', 'transportes'],
    ['/obras', 'verticales'],
    ['/obras/crear', 'verticales'],
    ['/localizacion/ciudades', 'alquileres'],
    ['/localizacion/ciudades/', 'alquileres'],
    ['/facturas', null],
    ['/albaranes/crear', null],
    ['/clientes', null],
    ['/dashboard', null],
    ['/transportes', null],
    ['/camionesX', null],
    ['/obrasX', null],
    ['/localizacion', null],
  ] as const)('%s → %s', (path, system) => {
    expect(detectSystemFromPath(path)).toBe(system);
  });
});
