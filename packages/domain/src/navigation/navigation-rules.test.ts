import { describe, expect, it } from 'vitest';
import { TIMINGS } from '../timings.js';
import {
  NAVIGATION_CHECK_DELAY_MS,
  NAVIGATION_LOCK_MS,
  decideNavigation,
  isNavigationBlocked,
  resolveReturnTarget,
  type NavigationInput,
} from './navigation-rules.js';

const signedOut: NavigationInput = {
  isAuthenticated: false,
  currentSystem: null,
  path: '/clientes?page=2',
  storedReturnPath: null,
};
const signedIn = (overrides: Partial<NavigationInput> = {}): NavigationInput => ({
  ...signedOut,
  isAuthenticated: true,
  currentSystem: 'alquileres',
  ...overrides,
});

describe('navigation constants (SPEC 2.4)', () => {
  it('locks redirects for 2 s and checks 50 ms after a path change', () => {
    expect(NAVIGATION_LOCK_MS).toBe(2000);
    expect(NAVIGATION_CHECK_DELAY_MS).toBe(50);
    expect(TIMINGS.navigationLock).toBe(NAVIGATION_LOCK_MS);
  });
});

describe('decideNavigation: signed out', () => {
  it('sends the user to /select-system and stores the page they wanted', () => {
    expect(decideNavigation(signedOut)).toEqual({
      kind: 'redirect',
      to: '/select-system?returnTo=%2Fclientes%3Fpage%3D2',
      storeReturnPath: '/clientes?page=2',
      clearReturnPath: false,
    });
  });

  it('does not store / as a return path', () => {
    expect(decideNavigation({ ...signedOut, path: '/' })).toEqual({
      kind: 'redirect',
      to: '/select-system',
      storeReturnPath: null,
      clearReturnPath: false,
    });
  });

  it('leaves /select-system and /callback alone', () => {
    expect(decideNavigation({ ...signedOut, path: '/select-system?returnTo=%2Fobras' })).toBeNull();
    expect(decideNavigation({ ...signedOut, path: '/callback?code=a&state=b' })).toBeNull();
  });
});

describe('decideNavigation: signed in with a system on /select-system', () => {
  it('goes to the stored return path and clears it', () => {
    expect(
      decideNavigation(signedIn({ path: '/select-system', storedReturnPath: '/presupuestos/3' })),
    ).toEqual({
      kind: 'redirect',
      to: '/presupuestos/3',
      storeReturnPath: null,
      clearReturnPath: true,
    });
  });

  it('goes to /dashboard without one, or when it is /select-system or /callback', () => {
    for (const storedReturnPath of [
      null,
      '/select-system',
      '/select-system?returnTo=%2Fx',
      '/callback',
    ]) {
      expect(
        decideNavigation(signedIn({ path: '/select-system', storedReturnPath })),
      ).toMatchObject({
        to: '/dashboard',
        clearReturnPath: true,
      });
    }
  });

  it('uses the returnTo of the URL when nothing is stored', () => {
    expect(
      decideNavigation(signedIn({ path: '/select-system?returnTo=%2Fclientes%3Fpage%3D2' })),
    ).toMatchObject({ to: '/clientes?page=2' });
  });

  it('never follows a hostile or foreign stored path', () => {
    for (const storedReturnPath of ['//evil.example', 'https://evil.example', '/obras']) {
      expect(
        decideNavigation(signedIn({ path: '/select-system', storedReturnPath })),
      ).toMatchObject({
        to: '/dashboard',
      });
    }
  });

  it('lands verticales on /obras, its dashboard', () => {
    expect(
      decideNavigation(signedIn({ currentSystem: 'verticales', path: '/select-system' })),
    ).toMatchObject({ to: '/obras' });
  });
});

describe('decideNavigation: signed in with a system elsewhere', () => {
  it('stays on a page the system allows and on special routes', () => {
    expect(decideNavigation(signedIn({ path: '/clientes/1' }))).toBeNull();
    expect(decideNavigation(signedIn({ path: '/not-found' }))).toBeNull();
    expect(decideNavigation(signedIn({ path: '/callback' }))).toBeNull();
  });

  it('sends a page the system rejects to its landing page (SPEC 2.3)', () => {
    expect(decideNavigation(signedIn({ path: '/transporte/camiones' }))).toMatchObject({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(
      decideNavigation(signedIn({ currentSystem: 'verticales', path: '/facturas' })),
    ).toMatchObject({
      to: '/obras',
    });
  });
});

describe('decideNavigation: signed in without a system', () => {
  it.each([
    ['/transporte/clientes', 'transportes'],
    ['/camiones/4', 'transportes'],
    ['/facturas/transporte/nueva', 'transportes'],
    ['/albaranes/transporte/ver/9', 'transportes'],
    ['/obras/crear', 'verticales'],
    ['/localizacion/ciudades', 'alquileres'],
  ] as const)('detects the system from %s', (path, system) => {
    expect(decideNavigation(signedIn({ currentSystem: null, path }))).toEqual({
      kind: 'set-system',
      system,
    });
  });

  it('asks for a system on other non-special routes', () => {
    expect(decideNavigation(signedIn({ currentSystem: null, path: '/clientes?page=2' }))).toEqual({
      kind: 'redirect',
      to: '/select-system?returnTo=%2Fclientes%3Fpage%3D2',
      storeReturnPath: null,
      clearReturnPath: false,
    });
  });

  it('does not propose a detected system the roles cannot reach', () => {
    expect(
      decideNavigation(signedIn({ currentSystem: null, path: '/obras', roles: ['alquileres'] })),
    ).toMatchObject({ kind: 'redirect', to: '/select-system?returnTo=%2Fobras' });
    expect(
      decideNavigation(signedIn({ currentSystem: null, path: '/camiones', roles: ['maquinaria'] })),
    ).toEqual({ kind: 'set-system', system: 'transportes' });
  });

  it('leaves special routes alone', () => {
    for (const path of ['/', '/select-system', '/callback', '/unauthorized', '/not-found']) {
      expect(decideNavigation(signedIn({ currentSystem: null, path }))).toBeNull();
    }
  });
});

describe('resolveReturnTarget', () => {
  it('keeps an allowed target and replaces the rest with the landing page', () => {
    expect(resolveReturnTarget('/camiones/2', 'transportes')).toBe('/camiones/2');
    expect(resolveReturnTarget('/clientes', 'transportes')).toBe('/dashboard');
    expect(resolveReturnTarget('/unauthorized', 'alquileres')).toBe('/dashboard');
    expect(resolveReturnTarget(undefined, 'verticales')).toBe('/obras');
  });
});

describe('isNavigationBlocked (SPEC 2.3)', () => {
  it('blocks leaving /obras for /dashboard in verticales only', () => {
    expect(isNavigationBlocked('verticales', '/obras/crear', '/dashboard')).toBe(true);
    expect(isNavigationBlocked('verticales', '/obras', '/dashboard?x=1')).toBe(true);
    expect(isNavigationBlocked('verticales', '/profile', '/dashboard')).toBe(false);
    expect(isNavigationBlocked('verticales', '/obras', '/profile')).toBe(false);
    expect(isNavigationBlocked('alquileres', '/obras', '/dashboard')).toBe(false);
  });
});
