import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { availableSystems, STORAGE_KEYS, type Role, type SystemId } from '@tvsistema/domain';
import { SelectSystemPage } from './select-system-page.js';
import { useSystemSelection, type SelectionSources } from './use-system-selection.js';

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

const signedOut: SelectionSources = {
  isLoading: false,
  isAuthenticated: false,
  roles: [],
  availableSystems: [],
  login: async () => undefined,
  currentSystem: null,
  setCurrentSystem: () => undefined,
};

const signedIn = (roles: Role[], overrides: Partial<SelectionSources> = {}): SelectionSources => ({
  ...signedOut,
  isAuthenticated: true,
  roles,
  availableSystems: availableSystems(roles),
  ...overrides,
});

const renderPage = (sources: SelectionSources, path = '/select-system') => {
  const router = createMemoryRouter(
    [
      { path: '/select-system', element: <SelectSystemPage {...sources} /> },
      { path: '*', element: <p>Fuera</p> },
    ],
    { initialEntries: [path] },
  );
  // StrictMode, as in development: the timers must survive effects running twice.
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return router;
};

/** A logo button by the name under its logo (its accessible name also holds the logo's alt). */
const option = (name: string) =>
  within(screen.getByRole('group', { name: 'Sistemas' })).getByRole('button', {
    name: new RegExp(name),
  });

describe('SelectSystemPage (SPEC 2.6, 4.3)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => vi.useRealTimers());

  it('waits for authentication with "Verificando autenticación..."', () => {
    renderPage({ ...signedOut, isLoading: true });
    expect(screen.getByText('Verificando autenticación...')).toBeTruthy();
  });

  it('signed out: "Selecciona la empresa" with the three logos, all enabled', () => {
    renderPage(signedOut);
    expect(screen.getByRole('heading', { name: 'Selecciona la empresa' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Alquiler de Maquinaria' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Mallorca Transporta' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Trabajos Verticales' }).getAttribute('src')).toBe(
      '/logo_trabajosVerticales.png',
    );
    for (const name of ['Alquileres', 'Transportes', 'Trabajos Verticales']) {
      expect(option(name).hasAttribute('disabled')).toBe(false);
    }
    expect(screen.queryByText(/Tienes acceso/)).toBeNull();
  });

  it('signed out: choosing starts the login with the system and the wanted page, spinner on it', async () => {
    const login = vi.fn(() => new Promise<void>(() => undefined));
    renderPage({ ...signedOut, login }, '/select-system?returnTo=%2Ffacturas%3Fpage%3D2');

    fireEvent.click(option('Transportes'));

    expect(login).toHaveBeenCalledWith({
      targetSystem: 'transportes',
      returnTo: '/facturas?page=2',
    });
    expect(option('Transportes').getAttribute('aria-busy')).toBe('true');
    expect(within(option('Transportes')).getByText('Seleccionando Transportes…')).toBeTruthy();
    expect(option('Alquileres').hasAttribute('disabled')).toBe(true);
  });

  it('signed out: without a wanted page the login keeps its default, and a hostile one is neutralised', () => {
    const login = vi.fn(async () => undefined);
    renderPage({ ...signedOut, login });
    fireEvent.click(option('Alquileres'));
    expect(login).toHaveBeenCalledWith({ targetSystem: 'alquileres' });

    localStorage.setItem(STORAGE_KEYS.returnPath, '//evil.example');
    renderPage({ ...signedOut, login });
    fireEvent.click(
      screen.getAllByRole('button', { name: /Trabajos Verticales/ })[1] as HTMLElement,
    );
    expect(login).toHaveBeenLastCalledWith({ targetSystem: 'verticales', returnTo: '/dashboard' });
  });

  it('signed out: a failing login shows the error alert, and "Reintentar" clears it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const login = vi.fn(async () => {
      throw new Error('bloqueado');
    });
    renderPage({ ...signedOut, login });
    fireEvent.click(option('Alquileres'));
    await advance(0);

    expect(
      screen.getByText('Error al seleccionar el sistema. Por favor, inténtalo de nuevo.'),
    ).toBeTruthy();
    expect(option('Alquileres').hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(screen.queryByText(/Error al seleccionar/)).toBeNull();
  });

  it('shows the identity error that sent the user here until "Reintentar"', () => {
    renderPage({ ...signedOut, authError: new Error('Timeout when executing fetch') });
    expect(screen.getByRole('alert').textContent).toContain('Timeout when executing fetch');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(option('Alquileres').hasAttribute('disabled')).toBe(false);
  });

  it('signed in: checks permissions for 200 ms, then lists the systems with "Sin acceso"', async () => {
    renderPage(signedIn(['operaciones', 'alquileres', 'transportes']));
    expect(screen.getByText('Verificando tus permisos...')).toBeTruthy();
    await advance(199);
    expect(screen.getByText('Verificando tus permisos...')).toBeTruthy();
    await advance(1);

    expect(screen.getByRole('heading', { name: 'Selecciona tu sistema' })).toBeTruthy();
    expect(screen.getByText('Tienes acceso a 2 sistemas')).toBeTruthy();
    expect(option('Alquileres').hasAttribute('disabled')).toBe(false);
    expect(option('Transportes').hasAttribute('disabled')).toBe(false);
    expect(option('Trabajos Verticales').hasAttribute('disabled')).toBe(true);
    expect(within(option('Trabajos Verticales')).getByText('Sin acceso')).toBeTruthy();
  });

  it('signed in: choosing sets the system and replaces history with the landing page', async () => {
    const setCurrentSystem = vi.fn();
    const router = renderPage(signedIn(['administracion'], { setCurrentSystem }));
    await advance(200);

    fireEvent.click(option('Trabajos Verticales'));

    expect(setCurrentSystem).toHaveBeenCalledWith('verticales');
    await advance(0);
    expect(router.state.location.pathname).toBe('/obras');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('signed in: goes to the wanted page when the chosen system allows it, and forgets it', async () => {
    localStorage.setItem(STORAGE_KEYS.returnPath, '/presupuestos/3');
    const router = renderPage(signedIn(['administracion']));
    await advance(200);
    fireEvent.click(option('Alquileres'));
    await advance(0);
    expect(router.state.location.pathname).toBe('/presupuestos/3');
    expect(localStorage.getItem(STORAGE_KEYS.returnPath)).toBeNull();
  });

  it('signed in with one system and none current: auto-selects it about 300 ms after the check', async () => {
    const setCurrentSystem = vi.fn();
    const router = renderPage(signedIn(['empleado'], { setCurrentSystem }));
    await advance(200);
    expect(screen.getByText('Tienes acceso a 1 sistema')).toBeTruthy();
    await advance(299);
    expect(setCurrentSystem).not.toHaveBeenCalled();
    await advance(1);
    expect(setCurrentSystem).toHaveBeenCalledWith('alquileres');
    await advance(0);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('signed in with an allowed current system: "Redirigiendo al sistema..." then /dashboard after 100 ms', async () => {
    const router = renderPage(
      signedIn(['transportes'], { currentSystem: 'transportes' as SystemId }),
    );
    await advance(200);
    expect(screen.getByText('Redirigiendo al sistema...')).toBeTruthy();
    await advance(99);
    expect(router.state.location.pathname).toBe('/select-system');
    await advance(1);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('a current system the roles do not allow is not followed', async () => {
    const router = renderPage(
      signedIn(['operaciones', 'alquileres', 'transportes'], { currentSystem: 'verticales' }),
    );
    await advance(1_000);
    expect(router.state.location.pathname).toBe('/select-system');
    expect(screen.getByRole('heading', { name: 'Selecciona tu sistema' })).toBeTruthy();
  });

  it('no roles: the red alert with the SPEC message and "Reintentar", which checks again', async () => {
    renderPage(signedIn([]));
    await advance(200);
    expect(screen.getByRole('alert').textContent).toContain(
      'Tu usuario no tiene roles asignados. Contacta al administrador.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(screen.getByText('Verificando tus permisos...')).toBeTruthy();
    await advance(200);
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('signed in, the screen offers "Cerrar sesión"', async () => {
    const logout = vi.fn(async () => undefined);
    renderPage(signedIn([], { logout }));
    await advance(200);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(logout).toHaveBeenCalledOnce();
  });

  it('signed out there is no "Cerrar sesión"', () => {
    renderPage({ ...signedOut, logout: vi.fn() });
    expect(screen.queryByRole('button', { name: 'Cerrar sesión' })).toBeNull();
  });

  it('roles but no system: the empty state with "Verificar nuevamente"', async () => {
    renderPage(signedIn(['operaciones']));
    await advance(200);
    expect(screen.getByRole('heading', { name: 'Sin sistemas disponibles' })).toBeTruthy();
    expect(
      screen.getByText('No tienes acceso a ningún sistema. Contacta al administrador.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verificar nuevamente' }));
    expect(screen.getByText('Verificando tus permisos...')).toBeTruthy();
  });

  it('signed in with a default system (Preferencias): marks and focuses it, never chooses it', async () => {
    const setCurrentSystem = vi.fn();
    const router = renderPage(
      signedIn(['operaciones', 'alquileres', 'transportes'], {
        setCurrentSystem,
        preferredSystem: 'transportes',
      }),
    );
    await advance(200);
    const preferred = option('Transportes');
    expect(document.activeElement).toBe(preferred);
    expect(within(preferred).getByText('Tu sistema por defecto')).toBeTruthy();
    expect(within(option('Alquileres')).queryByText('Tu sistema por defecto')).toBeNull();
    // SPEC 4.3 auto-selects only a single system: with two, the user still chooses.
    await advance(2000);
    expect(setCurrentSystem).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/select-system');
  });

  it('a default system the roles do not allow is not marked', async () => {
    renderPage(signedIn(['transportes'], { preferredSystem: 'verticales' }));
    await advance(200);
    expect(screen.queryByText('Tu sistema por defecto')).toBeNull();
  });

  it('a failing choice shows the selection error and frees the buttons', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const setCurrentSystem = vi.fn(() => {
      throw new Error('almacenamiento lleno');
    });
    renderPage(signedIn(['administracion'], { setCurrentSystem }));
    await advance(200);
    fireEvent.click(option('Transportes'));
    expect(
      screen.getByText('Error al seleccionar el sistema. Por favor, inténtalo de nuevo.'),
    ).toBeTruthy();
    expect(option('Transportes').hasAttribute('disabled')).toBe(false);
  });
});

describe('useSystemSelection', () => {
  it('choosing a system the roles do not allow says so and sets nothing', () => {
    const setCurrentSystem = vi.fn();
    const { result } = renderHook(
      () => useSystemSelection(signedIn(['alquileres'], { setCurrentSystem })),
      { wrapper: MemoryRouter },
    );
    act(() => result.current.choose('transportes'));
    expect(result.current.error).toBe('No tienes permisos para acceder a Transportes');
    expect(setCurrentSystem).not.toHaveBeenCalled();
  });
});
