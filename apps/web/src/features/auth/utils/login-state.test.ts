// @vitest-environment happy-dom
// Reads window events and Web Storage, which node lacks: the one kind of .ts test with a DOM.
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@tvsistema/domain';
import { clearLoginState, readLoginState, rememberLoginAppState } from './login-state.js';

describe('login state carried through the provider (SPEC 4.1, DESIGN decision 7)', () => {
  it('keeps a valid target system as pending and the sanitised return target', () => {
    rememberLoginAppState({ targetSystem: 'verticales', returnTo: '/obras/crear' });
    expect(readLoginState()).toEqual({ pendingSystem: 'verticales', returnTo: '/obras/crear' });
  });

  it('neutralises a hostile target and ignores an unknown system', () => {
    rememberLoginAppState({ targetSystem: 'logistica', returnTo: 'https://evil.example/' });
    expect(readLoginState()).toEqual({ pendingSystem: null, returnTo: '/dashboard' });
  });

  it('ignores an app state that is not an object', () => {
    rememberLoginAppState('texto');
    rememberLoginAppState(undefined);
    expect(readLoginState()).toEqual({ pendingSystem: null, returnTo: null });
  });

  it('is used once: clearing removes both entries', () => {
    rememberLoginAppState({ targetSystem: 'alquileres', returnTo: '/facturas' });
    clearLoginState();
    expect(sessionStorage.getItem(STORAGE_KEYS.pendingSystem)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.loginReturnTo)).toBeNull();
  });
});
