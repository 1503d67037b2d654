import { describe, expect, it } from 'vitest';
import { decideCallback, type CallbackInput } from './callback.js';

const signedIn: CallbackInput = {
  isLoading: false,
  hasError: false,
  isAuthenticated: true,
  roles: ['operaciones', 'alquileres', 'transportes'],
  currentSystem: null,
  pendingSystem: null,
  returnTo: '/dashboard',
};

describe('decideCallback (SPEC 4.4)', () => {
  it('waits while the identity SDK is loading', () => {
    expect(decideCallback({ ...signedIn, isLoading: true, hasError: true })).toEqual({
      kind: 'wait',
    });
  });

  it('sends a provider error to /unauthorized, before looking at the session', () => {
    expect(decideCallback({ ...signedIn, hasError: true, isAuthenticated: false })).toMatchObject({
      to: '/unauthorized',
      reason: 'provider-error',
    });
  });

  it('sends a signed-out visitor to /select-system', () => {
    expect(decideCallback({ ...signedIn, isAuthenticated: false })).toMatchObject({
      to: '/select-system',
      reason: 'not-authenticated',
    });
  });

  it('sends a user without roles, or without any system, to /unauthorized', () => {
    expect(decideCallback({ ...signedIn, roles: [] })).toMatchObject({
      to: '/unauthorized',
      reason: 'no-roles',
    });
    expect(decideCallback({ ...signedIn, roles: ['operaciones'] })).toMatchObject({
      to: '/unauthorized',
      reason: 'no-systems',
    });
  });

  it('uses the pending system when the roles allow it, after the short redirect delay', () => {
    expect(decideCallback({ ...signedIn, pendingSystem: 'transportes' })).toEqual({
      kind: 'navigate',
      to: '/dashboard',
      system: 'transportes',
      delayed: true,
      reason: 'target-system',
    });
  });

  it('prefers the stored current system over the pending one', () => {
    expect(
      decideCallback({ ...signedIn, currentSystem: 'alquileres', pendingSystem: 'transportes' }),
    ).toMatchObject({ system: 'alquileres', reason: 'target-system' });
  });

  it('goes to the requested page when the system allows it (DESIGN decision 7)', () => {
    expect(
      decideCallback({
        ...signedIn,
        pendingSystem: 'transportes',
        returnTo: '/transporte/camiones?page=2',
      }),
    ).toMatchObject({ to: '/transporte/camiones?page=2', system: 'transportes' });
    expect(
      decideCallback({ ...signedIn, pendingSystem: 'transportes', returnTo: '/presupuestos' }),
    ).toMatchObject({ to: '/dashboard', system: 'transportes' });
    expect(
      decideCallback({ ...signedIn, pendingSystem: 'alquileres', returnTo: '//evil.example' }),
    ).toMatchObject({ to: '/dashboard', system: 'alquileres' });
  });

  it('lands verticales on /obras', () => {
    expect(
      decideCallback({ ...signedIn, roles: ['arquitecto'], pendingSystem: 'verticales' }),
    ).toMatchObject({ to: '/obras', system: 'verticales' });
  });

  it('picks the only available system when the target is missing or not allowed', () => {
    expect(
      decideCallback({ ...signedIn, roles: ['empleado'], pendingSystem: 'transportes' }),
    ).toEqual({
      kind: 'navigate',
      to: '/dashboard',
      system: 'alquileres',
      reason: 'single-system',
    });
  });

  it('lets a user with several systems and no valid target choose, keeping the wanted page', () => {
    expect(
      decideCallback({ ...signedIn, pendingSystem: 'verticales', returnTo: '/facturas' }),
    ).toEqual({
      kind: 'navigate',
      to: '/select-system?returnTo=%2Ffacturas',
      reason: 'choose-system',
    });
    expect(decideCallback({ ...signedIn, pendingSystem: 'nada' })).toMatchObject({
      reason: 'choose-system',
    });
  });
});
