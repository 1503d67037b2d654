import { describe, expect, it } from 'vitest';
import { decideGuard, type GuardInput } from './guard.js';

// A signed-in alquileres user on an allowed page: every step passes.
const passing: GuardInput = {
  isLoading: false,
  isAuthenticated: true,
  hasUser: true,
  roles: ['alquileres'],
  currentSystem: 'alquileres',
  path: '/presupuestos/7?tab=lineas',
  permission: 'presupuestos.view',
};
const RETURN_TO = 'returnTo=%2Fpresupuestos%2F7%3Ftab%3Dlineas';

describe('decideGuard (SPEC 2.5), steps in order', () => {
  it('1. shows "Verificando autenticación..." while loading, before looking at the session', () => {
    expect(
      decideGuard({ ...passing, isLoading: true, isAuthenticated: false, hasUser: false }),
    ).toEqual({
      kind: 'loading',
      message: 'Verificando autenticación...',
    });
  });

  it('2. sends a signed-out user to sign in, storing the path, before waiting for a user', () => {
    expect(decideGuard({ ...passing, isAuthenticated: false, hasUser: false, roles: [] })).toEqual({
      kind: 'login',
      storeReturnPath: '/presupuestos/7?tab=lineas',
      redirectTo: `/select-system?${RETURN_TO}`,
    });
  });

  it('2. does not store / or /select-system as the return path', () => {
    for (const path of ['/', '/select-system?returnTo=%2Fobras']) {
      const decision = decideGuard({ ...passing, isAuthenticated: false, path });
      expect(decision).toMatchObject({ kind: 'login', storeReturnPath: null });
    }
  });

  it('3. shows "Cargando datos del usuario..." until the user arrives, before checking roles', () => {
    expect(decideGuard({ ...passing, hasUser: false, roles: [] })).toEqual({
      kind: 'loading',
      message: 'Cargando datos del usuario...',
    });
  });

  it('4. refuses a user without an allowed role, before checking the required system', () => {
    expect(
      decideGuard({
        ...passing,
        roles: ['transportes'],
        requiredSystem: 'alquileres',
        currentSystem: null,
      }),
    ).toEqual({ kind: 'redirect', to: `/unauthorized?${RETURN_TO}`, reason: 'role-not-allowed' });
  });

  it('4. reads explicit allowed roles as well as a permission', () => {
    const base = { ...passing, permission: undefined };
    expect(decideGuard({ ...base, allowedRoles: ['administracion'] })).toMatchObject({
      reason: 'role-not-allowed',
    });
    expect(decideGuard({ ...base, allowedRoles: ['administracion', 'alquileres'] })).toEqual({
      kind: 'allow',
    });
    expect(decideGuard({ ...base, allowedRoles: [] })).toEqual({ kind: 'allow' });
    expect(
      decideGuard({ ...passing, allowedRoles: ['alquileres'], permission: 'compras.view' }),
    ).toMatchObject({
      reason: 'role-not-allowed',
    });
  });

  it('5. refuses a required system the roles cannot reach, before asking for a system', () => {
    expect(decideGuard({ ...passing, requiredSystem: 'transportes', currentSystem: null })).toEqual(
      {
        kind: 'redirect',
        to: `/unauthorized?${RETURN_TO}`,
        reason: 'required-system-denied',
      },
    );
  });

  it('5. asks to switch when the required system is reachable but not current, before step 7', () => {
    expect(
      decideGuard({ ...passing, requiredSystem: 'alquileres', currentSystem: 'transportes' }),
    ).toEqual({
      kind: 'redirect',
      to: `/select-system?${RETURN_TO}`,
      reason: 'required-system-not-current',
    });
  });

  it('6. asks for a system when none is chosen, before showing the page', () => {
    expect(decideGuard({ ...passing, currentSystem: null })).toEqual({
      kind: 'redirect',
      to: `/select-system?${RETURN_TO}`,
      reason: 'no-system',
    });
  });

  it('6. lets a page that does not require a system through without one', () => {
    expect(decideGuard({ ...passing, currentSystem: null, requireSystem: false })).toEqual({
      kind: 'allow',
    });
  });

  it('7. refuses a current system the roles cannot reach, before showing the page', () => {
    const decision = {
      kind: 'redirect',
      to: `/unauthorized?${RETURN_TO}`,
      reason: 'current-system-denied',
    };
    expect(decideGuard({ ...passing, currentSystem: 'verticales' })).toEqual(decision);
    expect(decideGuard({ ...passing, currentSystem: 'verticales', requireSystem: false })).toEqual(
      decision,
    );
  });

  it('8. shows the page otherwise', () => {
    expect(decideGuard(passing)).toEqual({ kind: 'allow' });
    expect(decideGuard({ ...passing, requiredSystem: 'alquileres' })).toEqual({ kind: 'allow' });
  });
});

describe('decideGuard with real accounts', () => {
  it('lets a maquinaria user with raw roles into transportes pages', () => {
    expect(
      decideGuard({
        ...passing,
        roles: ['maquinaria'],
        currentSystem: 'transportes',
        permission: 'camiones.view',
        path: '/camiones',
      }),
    ).toEqual({ kind: 'allow' });
  });

  it('treats a tampered current system as none', () => {
    expect(
      decideGuard({ ...passing, currentSystem: 'hacker' as GuardInput['currentSystem'] }),
    ).toMatchObject({ kind: 'redirect', reason: 'no-system' });
  });

  it('shows /dashboard to a user without roles only when no system is required', () => {
    const base = { ...passing, roles: [], permission: 'session.view' as const, path: '/dashboard' };
    expect(decideGuard({ ...base, currentSystem: null, requireSystem: false })).toEqual({
      kind: 'allow',
    });
    expect(decideGuard({ ...base, currentSystem: 'alquileres' })).toMatchObject({
      reason: 'current-system-denied',
    });
  });
});
