import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { STORAGE_KEYS, type SystemId } from '@tvsistema/domain';
import {
  landing,
  renderWithContexts,
  signedInAs,
  type FakeAuth,
} from '../../../testing/fake-contexts.js';
import { CallbackPage } from './callback-page.js';
import { IdentityErrorGate } from './identity-error-gate.js';

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

const targets = ['/dashboard', '/obras', '/select-system', '/unauthorized', '/facturas'].map(
  landing,
);

// Rendered in StrictMode (the helper's default), as in development.
const renderCallback = (auth: FakeAuth, currentSystem: SystemId | null = null) => {
  const setCurrentSystem = vi.fn();
  const result = renderWithContexts(
    <IdentityErrorGate>
      <CallbackPage currentSystem={currentSystem} setCurrentSystem={setCurrentSystem} />
    </IdentityErrorGate>,
    { auth, path: '/callback?code=abc&state=xyz', routes: targets },
  );
  return { ...result, setCurrentSystem };
};

const pathOf = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('CallbackPage (SPEC 2.7, 4.4)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => vi.useRealTimers());

  it('shows "Completando inicio de sesión..." while the SDK is loading', async () => {
    const { router } = renderCallback({ isLoading: true });
    await advance(2_000);
    expect(screen.getByText('Completando inicio de sesión...')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/callback');
  });

  it('a provider error shows "Error de autenticación", then /unauthorized after 1 s', async () => {
    const { router } = renderCallback({ error: new Error('Invalid state') });
    expect(screen.getByRole('heading', { name: 'Error de autenticación' })).toBeTruthy();
    expect(screen.getByText('Invalid state')).toBeTruthy();
    await advance(999);
    expect(router.state.location.pathname).toBe('/callback');
    await advance(1);
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(screen.getByText('En /unauthorized')).toBeTruthy();
  });

  it('not authenticated: /select-system', async () => {
    const { router } = renderCallback({});
    await advance(0);
    expect(router.state.location.pathname).toBe('/select-system');
  });

  it('no roles: /unauthorized', async () => {
    const { router, setCurrentSystem } = renderCallback(signedInAs([]));
    await advance(0);
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(setCurrentSystem).not.toHaveBeenCalled();
  });

  it('roles that open no system: /unauthorized', async () => {
    const { router } = renderCallback(signedInAs(['operaciones']));
    await advance(0);
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('the pending system, when allowed, becomes current; /dashboard after 100 ms; pending cleared', async () => {
    sessionStorage.setItem(STORAGE_KEYS.pendingSystem, 'transportes');
    const { router, setCurrentSystem } = renderCallback(signedInAs(['administracion']));
    await advance(0);
    expect(setCurrentSystem).toHaveBeenCalledWith('transportes');
    expect(sessionStorage.getItem(STORAGE_KEYS.pendingSystem)).toBeNull();
    await advance(99);
    expect(router.state.location.pathname).toBe('/callback');
    await advance(1);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('still leaves under StrictMode, whose rehearsal unmount runs the effects twice', async () => {
    sessionStorage.setItem(STORAGE_KEYS.pendingSystem, 'transportes');
    const { router, setCurrentSystem } = renderCallback(signedInAs(['administracion']));
    await advance(100);
    expect(setCurrentSystem).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('the stored current system wins over the pending one', async () => {
    sessionStorage.setItem(STORAGE_KEYS.pendingSystem, 'transportes');
    const { setCurrentSystem } = renderCallback(signedInAs(['administracion']), 'alquileres');
    await advance(0);
    expect(setCurrentSystem).toHaveBeenCalledWith('alquileres');
  });

  it('goes to the page the login carried when the system allows it (DESIGN decision 7)', async () => {
    sessionStorage.setItem(STORAGE_KEYS.pendingSystem, 'alquileres');
    sessionStorage.setItem(STORAGE_KEYS.loginReturnTo, '/facturas');
    localStorage.setItem(STORAGE_KEYS.returnPath, '/facturas');
    const { router } = renderCallback(signedInAs(['alquileres']));
    await advance(100);
    expect(router.state.location.pathname).toBe('/facturas');
    expect(sessionStorage.getItem(STORAGE_KEYS.loginReturnTo)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.returnPath)).toBeNull();
  });

  it('verticales lands on /obras', async () => {
    sessionStorage.setItem(STORAGE_KEYS.pendingSystem, 'verticales');
    const { router } = renderCallback(signedInAs(['arquitecto']));
    await advance(100);
    expect(router.state.location.pathname).toBe('/obras');
  });

  it('no valid target but exactly one system: that one, at once', async () => {
    sessionStorage.setItem(STORAGE_KEYS.pendingSystem, 'verticales');
    const { router, setCurrentSystem } = renderCallback(signedInAs(['empleado']));
    await advance(0);
    expect(setCurrentSystem).toHaveBeenCalledWith('alquileres');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('no valid target and several systems: /select-system with the wanted page', async () => {
    sessionStorage.setItem(STORAGE_KEYS.loginReturnTo, '/facturas');
    const { router, setCurrentSystem } = renderCallback(
      signedInAs(['operaciones', 'alquileres', 'transportes']),
    );
    await advance(0);
    expect(setCurrentSystem).not.toHaveBeenCalled();
    expect(pathOf(router)).toBe('/select-system?returnTo=%2Ffacturas');
  });

  it('an unexpected error: /select-system', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sessionStorage.setItem(STORAGE_KEYS.pendingSystem, 'alquileres');
    const setCurrentSystem = vi.fn(() => {
      throw new Error('almacenamiento bloqueado');
    });
    const { router } = renderWithContexts(
      <CallbackPage currentSystem={null} setCurrentSystem={setCurrentSystem} />,
      { auth: signedInAs(['alquileres']), path: '/callback', routes: targets },
    );
    await advance(0);
    expect(router.state.location.pathname).toBe('/select-system');
  });
});
