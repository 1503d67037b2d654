import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { availableSystems, type Role } from '@tvsistema/domain';
import type { ApiClient } from '../lib/api-client.js';
import { ApiClientContext } from '../lib/api-client-context.js';
import { AuthContext, type AuthContextValue } from '../lib/auth-context.js';
import { createFakeApi } from './fake-api.js';
import { SystemContext, type SystemContextValue } from '../lib/system-context.js';

/** A signed-in administrator with spies for every action; override what the test is about. */
export const fakeAuth = (overrides: Partial<AuthContextValue> = {}): AuthContextValue => {
  const roles: readonly Role[] = overrides.roles ?? ['administracion'];
  return {
    isLoading: false,
    isAuthenticated: true,
    user: {
      sub: 'auth0|admin',
      name: 'Ana Administradora',
      given_name: 'Ana',
      family_name: 'Administradora',
      email: 'admin@tvsistema.test',
      empresa: 'Grupo TV',
      cargo: 'Directora',
    },
    roles,
    availableSystems: availableSystems(roles),
    error: undefined,
    login: vi.fn(() => Promise.resolve()),
    logout: vi.fn(() => Promise.resolve()),
    getAccessToken: vi.fn(() => Promise.resolve('token')),
    ...overrides,
  };
};

export const fakeSystem = (overrides: Partial<SystemContextValue> = {}): SystemContextValue => ({
  currentSystem: 'alquileres',
  setCurrentSystem: vi.fn(),
  clearCurrentSystem: vi.fn(),
  ...overrides,
});

export type RenderWithSessionOptions = {
  auth?: AuthContextValue;
  system?: SystemContextValue;
  path?: string;
  /** Earlier history entries before `path`, to test going back. */
  history?: string[];
  /** Where `element` is mounted; `path` by default. */
  routePath?: string;
  /** Extra routes beside the one under test, to observe navigation. */
  routes?: RouteObject[];
  /** Wrap the element in a layout route (its children render through <Outlet/>). */
  layout?: ReactElement;
  /** The API the page reads (createFakeApi); unscripted calls answer 404. */
  api?: ApiClient;
};

/** Renders a page with fake auth and system contexts inside a memory router. */
export const renderWithSession = (
  element: ReactElement,
  options: RenderWithSessionOptions = {},
) => {
  const {
    auth = fakeAuth(),
    system = fakeSystem(),
    path = '/',
    history = [],
    routePath = path.split('?', 1)[0] ?? '/',
    routes = [],
    layout,
    api = createFakeApi().api,
  } = options;
  const page: RouteObject = { path: routePath, element };
  const router = createMemoryRouter(
    [layout ? { element: layout, children: [page, ...routes] } : page, ...(layout ? [] : routes)],
    { initialEntries: [...history, path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <ApiClientContext value={api}>
      <QueryClientProvider client={queryClient}>
        <AuthContext value={auth}>
          <SystemContext value={system}>
            <RouterProvider router={router} />
          </SystemContext>
        </AuthContext>
      </QueryClientProvider>
    </ApiClientContext>,
  );
  return { ...result, router, auth, system };
};
