import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SystemId } from '@tvsistema/domain';
import { fakeAuth, fakeSystem, renderWithSession } from '../../testing/session.js';
import { AppLayout } from './app-layout.js';

const pageRoutes = [
  { path: '/dashboard', element: <p>Página dashboard</p> },
  { path: '/clientes', element: <p>Página clientes</p> },
];

const renderLayout = (
  options: {
    system?: SystemId | null;
    auth?: ReturnType<typeof fakeAuth>;
    setCurrentSystem?: (system: SystemId) => void;
    onReload?: () => void;
  } = {},
) => {
  const system = fakeSystem({
    currentSystem: options.system === undefined ? 'alquileres' : options.system,
    ...(options.setCurrentSystem ? { setCurrentSystem: options.setCurrentSystem } : {}),
  });
  return renderWithSession(<p>Contenido</p>, {
    path: '/clientes',
    routePath: '/otra',
    layout: <AppLayout {...(options.onReload ? { onReload: options.onReload } : {})} />,
    routes: pageRoutes,
    auth: options.auth ?? fakeAuth(),
    system,
  });
};

const navbar = () => screen.getByRole('navigation', { name: 'Navegación principal' });

/** Opens a navbar dropdown and returns its links as [label, href]. */
const menuLinks = async (menu: string) => {
  const user = userEvent.setup();
  await user.click(within(navbar()).getByRole('button', { name: menu }));
  const list = document.querySelector(`[aria-labelledby="menu-${menu}"]`);
  if (!(list instanceof HTMLElement)) throw new Error(`menu ${menu} did not open`);
  return within(list)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
};

/** What a button shows: its text without the part only screen readers hear. */
const visibleText = (element: Element) => {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
  return copy.textContent?.trim();
};

const menuButtons = () =>
  within(navbar())
    .getAllByRole('button')
    .map(visibleText)
    .filter((name) => name && !['Abrir menú'].includes(name));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('AppLayout navbar (SPEC 2.14)', () => {
  it('names the collapsed menu button in Spanish', () => {
    renderLayout({ system: 'alquileres' });
    expect(within(navbar()).getByRole('button', { name: 'Abrir menú' })).toBeTruthy();
  });

  it('shows the page through the outlet', () => {
    renderLayout();
    expect(screen.getByText('Página clientes')).toBeDefined();
  });

  it.each([
    ['alquileres', 'Sistema de Alquileres', '/logo.png', '/logo-navbar.png 331w, /logo.png 946w'],
    [
      'transportes',
      'Sistema de Transportes',
      '/logo_transportes.png',
      '/logo_transportes-navbar.png 335w, /logo_transportes.png 958w',
    ],
    [
      'verticales',
      'Trabajos Verticales',
      '/logo_trabajosVerticales.png',
      '/logo_trabajosVerticales-navbar.png 314w, /logo_trabajosVerticales.png 896w',
    ],
  ] as const)('%s shows its logo linking home', (system, alt, src, srcSet) => {
    renderLayout({ system });
    const logo = within(navbar()).getByRole('img', { name: alt });
    expect(logo.getAttribute('src')).toBe(src);
    // Issue 13: a phone downloads the copy 84 px tall (the logo is shown at most 40 px tall and
    // about 160 px wide), not the full 946 px logo.
    expect(logo.getAttribute('srcset')).toBe(srcSet);
    expect(Number.parseInt(logo.getAttribute('sizes') ?? '', 10)).toBeLessThanOrEqual(160);
    expect(logo.closest('a')?.getAttribute('href')).toBe('/dashboard');
    expect(within(navbar()).getByRole('link', { name: 'Inicio' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('alquileres: Inventario, Comercial, Finanzas, CRM and Localización with their pages', async () => {
    renderLayout({ system: 'alquileres' });
    expect(menuButtons()).toEqual([
      'Inventario',
      'Comercial',
      'Finanzas',
      'CRM',
      'Localización',
      'Alquileres',
      'AAna',
    ]);
    expect(await menuLinks('Inventario')).toEqual([
      ['Maquinaria', '/maquinaria'],
      ['Andamios', '/andamios'],
      ['Conceptos de Alquiler', '/conceptos'],
    ]);
    expect(await menuLinks('Comercial')).toEqual([
      ['Presupuestos', '/presupuestos'],
      ['Alquileres', '/alquileres'],
    ]);
    expect(await menuLinks('Finanzas')).toEqual([
      ['Facturas', '/facturas'],
      ['Notas', '/notas'],
      ['Compras', '/compras'],
    ]);
    expect(await menuLinks('CRM')).toEqual([
      ['Clientes', '/clientes'],
      ['Proveedores', '/proveedores'],
    ]);
    expect(await menuLinks('Localización')).toEqual([['Ciudades', '/localizacion/ciudades']]);
  });

  it('transportes: Inventario, CRM, Logística and Finanzas with their pages', async () => {
    renderLayout({ system: 'transportes' });
    expect(menuButtons()).toEqual([
      'Inventario',
      'CRM',
      'Logística',
      'Finanzas',
      'Transportes',
      'AAna',
    ]);
    expect(await menuLinks('Inventario')).toEqual([['Flota de Vehículos', '/transporte/camiones']]);
    // Proveedores beyond SPEC 2.14: its route exists (decision 0024).
    expect(await menuLinks('CRM')).toEqual([
      ['Clientes', '/transporte/clientes'],
      ['Proveedores', '/transporte/proveedores'],
    ]);
    expect(await menuLinks('Logística')).toEqual([['Albaranes', '/albaranes']]);
    expect(await menuLinks('Finanzas')).toEqual([['Facturas', '/facturas']]);
  });

  it('verticales: only Obras', () => {
    renderLayout({ system: 'verticales' });
    const links = within(navbar())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['', '/dashboard'],
      ['Inicio', '/dashboard'],
      ['Obras', '/obras'],
    ]);
    expect(menuButtons()).toEqual(['Verticales', 'AAna']);
  });

  it('marks the menu of the current page', () => {
    renderLayout({ system: 'alquileres' });
    expect(within(navbar()).getByRole('button', { name: 'CRM' }).className).toContain('active');
    expect(within(navbar()).getByRole('button', { name: 'Finanzas' }).className).not.toContain(
      'active',
    );
  });

  it('is not shown while signed out', () => {
    renderLayout({ auth: fakeAuth({ isAuthenticated: false, user: undefined }) });
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByText('Página clientes')).toBeDefined();
  });
});

describe('system switcher (SPEC 2.14, 4.3)', () => {
  it.each([
    ['one system', ['empleado']],
    ['no system', []],
  ] as const)('is hidden with %s', (_label, roles) => {
    renderLayout({ auth: fakeAuth({ roles }) });
    expect(screen.queryByRole('button', { name: /Alquileres/ })).toBeNull();
    expect(within(navbar()).queryByText('Cambiar de sistema')).toBeNull();
  });

  it('lists every system with "Actual" for the current one and "Sin acceso" (disabled) for the rest', async () => {
    const user = userEvent.setup();
    renderLayout({ auth: fakeAuth({ roles: ['operaciones', 'alquileres', 'transportes'] }) });
    await user.click(
      within(navbar()).getByRole('button', { name: 'Cambiar de sistema: Alquileres' }),
    );

    expect(document.querySelectorAll('[role="heading"]:not([aria-level])')).toHaveLength(0);
    // aria-selected belongs to options and tabs, not to buttons (axe: aria-allowed-attr).
    expect(document.querySelectorAll('button[aria-selected]')).toHaveLength(0);
    const current = screen.getByRole('button', { name: /Sistema de Alquileres/ });
    expect(current.textContent).toContain('Actual');
    expect(current.getAttribute('aria-current')).toBe('true');
    const other = screen.getByRole('button', { name: /Sistema de Transportes/ });
    expect(other.textContent).not.toMatch(/Actual|Sin acceso/);
    expect(other.getAttribute('aria-disabled')).toBeNull();
    const denied = screen.getByRole('button', { name: /Trabajos Verticales/ });
    expect(denied.textContent).toContain('Sin acceso');
    expect(denied.getAttribute('aria-disabled')).toBe('true');
  });

  it('ignores a click on a system without access', async () => {
    const setCurrentSystem = vi.fn();
    const user = userEvent.setup();
    const { router } = renderLayout({
      setCurrentSystem,
      auth: fakeAuth({ roles: ['operaciones', 'alquileres', 'transportes'] }),
    });
    await user.click(
      within(navbar()).getByRole('button', { name: 'Cambiar de sistema: Alquileres' }),
    );
    await user.click(screen.getByRole('button', { name: /Trabajos Verticales/ }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(setCurrentSystem).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/clientes');
  });

  it('sets the system, waits 150 ms, then goes to /dashboard', async () => {
    vi.useFakeTimers();
    const setCurrentSystem = vi.fn();
    const { router } = renderLayout({ setCurrentSystem });

    fireEvent.click(
      within(navbar()).getByRole('button', { name: 'Cambiar de sistema: Alquileres' }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Sistema de Transportes/ }));

    expect(setCurrentSystem).toHaveBeenCalledExactlyOnceWith('transportes');
    await act(() => vi.advanceTimersByTimeAsync(149));
    expect(router.state.location.pathname).toBe('/clientes');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Página dashboard')).toBeDefined();
  });

  it('on failure shows "Error al cambiar" and offers a reload', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const onReload = vi.fn();
    const setCurrentSystem = vi.fn(() => {
      throw new Error('Almacenamiento no disponible');
    });
    const user = userEvent.setup();
    const { router } = renderLayout({ setCurrentSystem, onReload });

    await user.click(
      within(navbar()).getByRole('button', { name: 'Cambiar de sistema: Alquileres' }),
    );
    await user.click(screen.getByRole('button', { name: /Sistema de Transportes/ }));

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('Error al cambiar: Almacenamiento no disponible'),
    );
    expect(confirm).toHaveBeenCalledOnce();
    expect(confirm.mock.calls[0]?.[0]).toMatch(/Error al cambiar.*recargar/);
    expect(onReload).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/clientes');
  });

  it('does not reload when the confirm is declined', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const onReload = vi.fn();
    const user = userEvent.setup();
    renderLayout({
      onReload,
      setCurrentSystem: () => {
        throw new Error('fallo');
      },
    });

    await user.click(
      within(navbar()).getByRole('button', { name: 'Cambiar de sistema: Alquileres' }),
    );
    await user.click(screen.getByRole('button', { name: /Sistema de Transportes/ }));

    expect(await screen.findByText(/Error al cambiar: fallo/)).toBeDefined();
    expect(onReload).not.toHaveBeenCalled();
  });

  it('refuses a system the roles do not reach, without setting it', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const setCurrentSystem = vi.fn();
    const user = userEvent.setup();
    // The list of available systems disagrees with the roles: the roles decide.
    renderLayout({
      setCurrentSystem,
      auth: fakeAuth({
        roles: ['alquileres', 'transportes'],
        availableSystems: ['alquileres', 'transportes', 'verticales'],
      }),
    });

    await user.click(
      within(navbar()).getByRole('button', { name: 'Cambiar de sistema: Alquileres' }),
    );
    await user.click(screen.getByRole('button', { name: /Trabajos Verticales/ }));

    expect(
      await screen.findByText(
        'Error al cambiar: No tienes permisos para acceder al sistema de Verticales',
      ),
    ).toBeDefined();
    expect(setCurrentSystem).not.toHaveBeenCalled();
  });
});

describe('user menu (SPEC 2.14)', () => {
  it('offers Mi Perfil, Configuración and Cerrar Sesión, which logs out', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth();
    renderLayout({ auth });

    await user.click(within(navbar()).getByRole('button', { name: 'Menú de usuario de Ana' }));
    expect(screen.getByText('admin@tvsistema.test')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Mi Perfil' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'Configuración' }).getAttribute('href')).toBe(
      '/settings',
    );
    // Its header is a caption: a role="heading" without a level is an axe violation.
    expect(document.querySelectorAll('[role="heading"]:not([aria-level])')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    expect(auth.logout).toHaveBeenCalledOnce();
  });

  it('shows the first word of the name and its initial', () => {
    renderLayout({ auth: fakeAuth({ user: { name: 'Olga Operaciones' } }) });
    const toggle = within(navbar()).getByRole('button', { name: 'Menú de usuario de Olga' });
    expect(toggle.querySelector('.user-menu__avatar')?.textContent).toBe('O');
    expect(toggle.querySelector('.user-menu__name')?.textContent).toBe('Olga');
  });

  it('closes the phone menu when an entry opens a page, so the page is not under it', async () => {
    const user = userEvent.setup();
    renderLayout();
    const menuButton = within(navbar()).getByRole('button', { name: 'Abrir menú' });
    await user.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    await user.click(within(navbar()).getByRole('button', { name: 'Menú de usuario de Ana' }));
    await user.click(screen.getByRole('link', { name: 'Mi Perfil' }));
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
  });
});
