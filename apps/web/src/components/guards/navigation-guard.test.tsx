import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@tvsistema/domain';
import { landing, renderWithContexts, signedInAs } from '../../testing/fake-contexts.js';
import { NavigationGuard } from './navigation-guard.js';

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

const withGuard = (text: string) => (
  <>
    <NavigationGuard />
    <p>{text}</p>
  </>
);

describe('NavigationGuard (SPEC 2.4)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => vi.useRealTimers());

  it('checks 50 ms after the path change, not before', async () => {
    const { router } = renderWithContexts(withGuard('Clientes'), {
      path: '/clientes?page=2',
      routes: [landing('/select-system')],
    });
    await advance(49);
    expect(router.state.location.pathname).toBe('/clientes');

    await advance(1);
    expect(router.state.location.pathname).toBe('/select-system');
    expect(router.state.location.search).toBe('?returnTo=%2Fclientes%3Fpage%3D2');
    expect(localStorage.getItem(STORAGE_KEYS.returnPath)).toBe('/clientes?page=2');
  });

  it('does nothing while authentication loads', async () => {
    const { router } = renderWithContexts(withGuard('Clientes'), {
      auth: { isLoading: true },
      path: '/clientes',
    });
    await advance(500);
    expect(router.state.location.pathname).toBe('/clientes');
  });

  it('sends a page the current system rejects to its dashboard', async () => {
    const { router } = renderWithContexts(withGuard('Clientes'), {
      auth: signedInAs(['transportes']),
      currentSystem: 'transportes',
      path: '/clientes',
      routes: [landing('/dashboard')],
    });
    await advance(50);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('adopts the system a path names when none is chosen', async () => {
    const onSetSystem = vi.fn();
    renderWithContexts(withGuard('Obras'), {
      auth: signedInAs(['administracion']),
      onSetSystem,
      path: '/obras',
    });
    await advance(50);
    expect(onSetSystem).toHaveBeenCalledWith('verticales');
  });

  it('from /select-system with a system, goes to the stored return path and forgets it', async () => {
    localStorage.setItem(STORAGE_KEYS.returnPath, '/presupuestos');
    const { router } = renderWithContexts(withGuard('Selección'), {
      auth: signedInAs(['alquileres']),
      currentSystem: 'alquileres',
      path: '/select-system',
      routes: [landing('/presupuestos')],
    });
    await advance(50);
    expect(router.state.location.pathname).toBe('/presupuestos');
    expect(localStorage.getItem(STORAGE_KEYS.returnPath)).toBeNull();
  });

  it('makes one redirect at a time: a second one waits for the 2 s lock', async () => {
    const { router } = renderWithContexts(<p>Clientes</p>, {
      auth: signedInAs(['transportes']),
      currentSystem: 'transportes',
      path: '/clientes',
      routes: [landing('/dashboard'), landing('/presupuestos')],
      around: <NavigationGuard />,
    });
    await advance(50);
    expect(router.state.location.pathname).toBe('/dashboard');

    await act(async () => void (await router.navigate('/presupuestos')));
    await advance(50);
    expect(screen.getByText('En /presupuestos')).toBeTruthy();
    await advance(1_800);
    expect(router.state.location.pathname).toBe('/presupuestos');

    // The lock (taken at 50 ms) is released at 2050 ms; the check runs again 50 ms later.
    await advance(200);
    await advance(50);
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
