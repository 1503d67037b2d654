import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { availableSystems, type Role } from '@tvsistema/domain';
import { AuthContext, type AuthContextValue } from '../../../lib/auth-context.js';
import { SystemContext } from '../../../lib/system-context.js';
import { ApiClientContext } from '../../../lib/api-client-context.js';
import { createFakeApi, type FakeApi } from '../../../testing/fake-api.js';

export type RenderObraOptions = {
  path: string;
  /** Route pattern of the element under test (default: the path without its query). */
  routePath?: string;
  /** Other routes, to observe where navigation lands. */
  routes?: RouteObject[];
  roles?: Role[];
  fake?: FakeApi;
};

/** Renders an obras screen for a user with the given roles over a scripted API. */
export const renderObra = (element: ReactElement, options: RenderObraOptions) => {
  const {
    path,
    routePath = path.split('?', 1)[0] ?? '/',
    routes = [],
    roles = ['administracion'],
    fake = createFakeApi(),
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
    getAccessToken: () => Promise.resolve('token-de-prueba'),
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: routePath, element }, ...routes], {
    initialEntries: [path],
  });
  const result = render(
    <AuthContext value={auth}>
      <SystemContext
        value={{
          currentSystem: 'verticales',
          setCurrentSystem: () => {},
          clearCurrentSystem: () => {},
        }}
      >
        <ApiClientContext value={fake.api}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ApiClientContext>
      </SystemContext>
    </AuthContext>,
  );
  return { ...result, router, fake, queryClient };
};
