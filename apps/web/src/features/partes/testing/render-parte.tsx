import { StrictMode, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { availableSystems, type Role, type SystemId } from '@tvsistema/domain';
import { AuthContext, type AuthContextValue } from '../../../lib/auth-context.js';
import { SystemContext } from '../../../lib/system-context.js';
import { ApiClientContext } from '../../../lib/api-client-context.js';
import { createFakeApi, type FakeApi } from '../../../testing/fake-api.js';

export type RenderParteOptions = {
  path: string;
  /** Route pattern of the element under test (default: the path without its query). */
  routePath?: string;
  /** Other routes, to observe where navigation lands. */
  routes?: RouteObject[];
  system?: SystemId | null;
  roles?: Role[];
  fake?: FakeApi;
  getAccessToken?: () => Promise<string>;
  /** Render under StrictMode, as development builds do (effects run twice). */
  strict?: boolean;
};

/** Renders a party screen with a chosen system, user roles and a scripted API. */
export const renderParte = (element: ReactElement, options: RenderParteOptions) => {
  const {
    path,
    routePath = path.split('?', 1)[0] ?? '/',
    routes = [],
    system = 'alquileres',
    roles = ['administracion'],
    fake = createFakeApi(),
    getAccessToken = () => Promise.resolve('token-de-prueba'),
    strict = false,
  } = options;
  const auth: AuthContextValue = {
    isLoading: false,
    isAuthenticated: true,
    user: { name: 'Ana Administradora', email: 'admin@tvsistema.test' },
    roles,
    availableSystems: availableSystems(roles),
    error: undefined,
    login: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    getAccessToken,
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: routePath, element }, ...routes], {
    initialEntries: [path],
  });
  const tree = (
    <AuthContext value={auth}>
      <SystemContext
        value={{ currentSystem: system, setCurrentSystem: () => {}, clearCurrentSystem: () => {} }}
      >
        <ApiClientContext value={fake.api}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ApiClientContext>
      </SystemContext>
    </AuthContext>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, router, fake, queryClient };
};
