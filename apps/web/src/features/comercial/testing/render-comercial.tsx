import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { availableSystems, type Role } from '@tvsistema/domain';
import { ApiClientContext } from '../../../lib/api-client-context.js';
import { AuthContext, type AuthContextValue } from '../../../lib/auth-context.js';
import { SystemContext } from '../../../lib/system-context.js';
import { createFakeApi, type FakeApi } from '../../../testing/fake-api.js';
import { comercialRoutes } from '../comercial-routes.js';

/** Renders the real comercial routes (guards, lazy screens) at `path` with a scripted API. */
export const renderComercial = (
  path: string,
  { roles = ['administracion'], fake = createFakeApi() }: { roles?: Role[]; fake?: FakeApi } = {},
) => {
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
  const routes: RouteObject[] = [
    ...comercialRoutes,
    { path: '/unauthorized', element: <h1>Acceso no autorizado</h1> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <AuthContext value={auth}>
      <SystemContext
        value={{
          currentSystem: 'alquileres',
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
  return { ...result, router, fake };
};
