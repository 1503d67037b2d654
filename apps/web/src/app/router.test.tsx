import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Auth0Context, initialContext, type Auth0ContextInterface } from '@auth0/auth0-react';
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { STORAGE_KEYS, type SystemId } from '@tvsistema/domain';
import { RuntimeConfigContext } from '../lib/runtime-config.js';
import { testRuntimeConfig } from '../testing/render.js';
import type { RouteHandle } from '../lib/lazy-screen.js';
import { screenTitleFor } from '../config/page-titles.js';
import { appRoutes, createAppRouter, preloadScreensOf } from './router.js';

const NS = 'https://tvsistema.es/';

const renderApp = (
  path: string,
  { roles = ['administracion'], system = 'alquileres', loading = false, signedOut = false } = {},
) => {
  if (system) sessionStorage.setItem(STORAGE_KEYS.currentSystem, system as SystemId);
  else sessionStorage.removeItem(STORAGE_KEYS.currentSystem);
  const sdk = {
    ...initialContext,
    isLoading: loading,
    isAuthenticated: !loading && !signedOut,
    user: { sub: 'auth0|ana', name: 'Ana Administradora', [`${NS}roles`]: roles },
  } as Auth0ContextInterface;
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <RuntimeConfigContext value={testRuntimeConfig}>
      <Auth0Context value={sdk}>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </Auth0Context>
    </RuntimeConfigContext>,
  );
  return router;
};

// Each route's screens are lazy chunks: on a busy two-core machine loading one took more than
// waitFor's default second, so a redirect gets a few.
const landsOn = async (router: ReturnType<typeof renderApp>, pathname: string) =>
  waitFor(() => expect(router.state.location.pathname).toBe(pathname), { timeout: 4000 });

// A lazy screen behind the lazy application frame: the first test to show one waits for both
// modules (and zod, the form…) to be transformed, which takes longer than findBy's default 1 s.
const LAZY_SCREEN = { timeout: 5_000 };

describe('route table (SPEC 2.2, 2.11, 2.12)', () => {
  it('finanzas.md §5 replaces the stubs of SPEC 2.11: /compras/nueva is the compra form', async () => {
    renderApp('/compras/nueva');
    expect(await screen.findByRole('heading', { name: 'Nueva compra' }, LAZY_SCREEN)).toBeTruthy();
  });

  it('a nota detail with an id that is not one says so instead of asking the API', async () => {
    renderApp('/notas/N-1');
    expect(
      await screen.findByText('Identificador de nota de abono inválido.', {}, LAZY_SCREEN),
    ).toBeTruthy();
  });

  it('/ goes to /dashboard when a system is chosen', async () => {
    await landsOn(renderApp('/'), '/dashboard');
  });

  it('/ waits with "Preparando tu sesión..." while authentication loads', () => {
    const router = renderApp('/', { loading: true });
    expect(screen.getByText('Preparando tu sesión...')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('/ without a system goes to /select-system', async () => {
    await landsOn(renderApp('/', { system: '' }), '/select-system');
  });

  it('/transportes goes to /dashboard', async () => {
    await landsOn(renderApp('/transportes', { system: 'transportes' }), '/dashboard');
  });

  it('/verticales goes to /obras', async () => {
    const router = renderApp('/verticales', { system: 'verticales' });
    await landsOn(router, '/obras');
    expect(
      await screen.findByRole('heading', { name: 'Gestión de Obras' }, { timeout: 4000 }),
    ).toBeTruthy();
  });

  it('the verticales dashboard forwards to /obras', async () => {
    await landsOn(renderApp('/dashboard', { system: 'verticales' }), '/obras');
  });

  it('unknown paths go to /not-found', async () => {
    await landsOn(renderApp('/no-existe'), '/not-found');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
    // The root route names the page it landed on (issue 14).
    expect(document.title).toBe('Página no encontrada · TVSistema');
  });

  // Issue 14: a signed-in user who lands on a status page keeps the navbar of the chosen system,
  // not a dead end; the page is the frame's one `<main>`.
  it.each([
    ['/no-existe', 'Página no encontrada'],
    ['/unauthorized', 'Acceso no autorizado'],
  ])('signed in, %s shows "%s" inside the application frame', async (path, heading) => {
    renderApp(path);
    expect(
      await screen.findByRole('navigation', { name: 'Navegación principal' }, LAZY_SCREEN),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Ir al inicio' })).toBeTruthy();
  });

  it('signed out, the not-found page stays the full-page card without a navbar', async () => {
    renderApp('/no-existe', { system: '', signedOut: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' }),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('/settings, the navbar’s "Configuración", is routed (issue 11)', async () => {
    await landsOn(renderApp('/settings', { roles: ['empleado'] }), '/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Configuración' })).toBeTruthy();
    expect(screen.getByText('Los datos de empresa solo los edita Administración.')).toBeTruthy();
  });

  it('supplier routes: /nuevo goes to new, other paths one level up', async () => {
    await landsOn(
      renderApp('/transporte/proveedores/nuevo', { system: 'transportes' }),
      '/transporte/proveedores/new',
    );
  });

  it('supplier routes: an unknown sub-path climbs to the list', async () => {
    const router = renderApp('/proveedores/abc/otra');
    await landsOn(router, '/proveedores');
    expect(
      await screen.findByRole(
        'heading',
        { name: /Gestión de Proveedores - Alquileres/ },
        LAZY_SCREEN,
      ),
    ).toBeTruthy();
  });

  it('client routes follow SPEC 2.11, and editing needs clientes.edit', async () => {
    renderApp('/clientes/nuevo');
    expect(await screen.findByRole('heading', { name: 'Nuevo Cliente' }, LAZY_SCREEN)).toBeTruthy();
    const router = renderApp('/transporte/clientes/7/editar', {
      roles: ['transportes'],
      system: 'transportes',
    });
    await landsOn(router, '/unauthorized');
  });

  it('other /obras paths go to /obras', async () => {
    await landsOn(renderApp('/obras/7', { system: 'verticales' }), '/obras');
  });

  it('the cities screen is routed for administracion', async () => {
    renderApp('/localizacion/ciudades');
    expect(await screen.findByRole('heading', { name: 'Ciudades' }, LAZY_SCREEN)).toBeTruthy();
  });
});

/** Every pattern of the route table, nested ones joined to their parents'. */
const routePatterns = (routes: RouteObject[], parent = ''): string[] =>
  routes.flatMap((route) => {
    const path = route.path
      ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`
      : parent;
    return [...(route.path ? [path] : []), ...routePatterns(route.children ?? [], path)];
  });

// Routes that only redirect elsewhere: the page they land on has the title.
const REDIRECTS = new Set([
  '/',
  '/*',
  '/transportes',
  '/verticales',
  '/camiones',
  '/camiones/*',
  '/obras/*',
  '/proveedores/nuevo',
  '/proveedores/*',
  '/transporte/proveedores/nuevo',
  '/transporte/proveedores/*',
  '/transporte/facturas',
  '/transporte/facturas/*',
  '/transporte/albaranes',
  '/transporte/albaranes/*',
]);

describe('document titles (issue 14)', () => {
  it('every screen of the route table has a title of its own', () => {
    const untitled = routePatterns(appRoutes)
      .filter((pattern) => !REDIRECTS.has(pattern))
      .filter((pattern) => !screenTitleFor(pattern.replace(/:\w+/g, 'x').replace(/\*$/, 'x')));
    expect(untitled).toEqual([]);
  });
});

describe('preloadScreensOf', () => {
  const preloadsOf = (pathname: string) =>
    (matchRoutes(appRoutes, pathname) ?? []).flatMap(
      ({ route }) => (route.handle as RouteHandle | undefined)?.preload ?? [],
    );

  it('knows the code of the page being opened, to start it before its guard renders', async () => {
    const partes = await import('../features/partes/lazy-pages.js');
    expect(preloadsOf('/proveedores')).toEqual([partes.ProveedoresListScreen.preload]);
    expect(preloadsOf('/transporte/proveedores/p-1/edit')).toEqual([
      partes.ProveedorFormScreen.preload,
    ]);
    expect(preloadsOf('/clientes')).toEqual([partes.ClientesListScreen.preload]);
    expect(preloadsOf('/select-system')).toEqual([]);
    // The download itself: the list's module, whose screen React.lazy then finds loaded.
    await expect(partes.ProveedoresListScreen.preload()).resolves.toMatchObject({
      default: expect.any(Function),
    });
  });

  it("starts every matched route's code: the screens' preload and the lazy frame", () => {
    const preload = vi.fn(() => Promise.resolve({ default: () => null }));
    const lazy = vi.fn(() => Promise.resolve({}));
    preloadScreensOf([{ route: { lazy } }, { route: { handle: { preload } } }, { route: {} }]);
    expect(lazy).toHaveBeenCalledTimes(1);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it("takes the page's routes from the router's own first match (no second match, issue 13)", async () => {
    const partes = await import('../features/partes/lazy-pages.js');
    window.history.replaceState(null, '', '/proveedores');
    const router = createAppRouter();
    try {
      const preloads = router.state.matches.flatMap(
        ({ route }) => (route.handle as RouteHandle | undefined)?.preload ?? [],
      );
      expect(preloads).toEqual([partes.ProveedoresListScreen.preload]);
      expect(router.state.matches.some(({ route }) => typeof route.lazy === 'function')).toBe(true);
    } finally {
      router.dispose();
      window.history.replaceState(null, '', '/');
    }
  });
});
