import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { Role, SystemId } from '@tvsistema/domain';
import { ApiClientContext } from '../../../lib/api-client-context.js';
import { AuthContext } from '../../../lib/auth-context.js';
import { SystemContext } from '../../../lib/system-context.js';
import { createFakeApi, type FakeApi } from '../../../testing/fake-api.js';
import { fakeAuth, landing, signedInAs } from '../../../testing/fake-contexts.js';
import { logisticaRoutes } from '../logistica-routes.js';

/**
 * Renders the real albaranes routes (guards, lazy screens) at `path` in `system` with a scripted
 * API. `/unauthorized`, and `/albaranes` when `listaComoDestino`, are landings that show where a
 * navigation ended.
 */
export const renderLogistica = (
  path: string,
  {
    roles = ['administracion'],
    fake = createFakeApi(),
    system = 'alquileres',
    listaComoDestino = false,
  }: { roles?: Role[]; fake?: FakeApi; system?: SystemId; listaComoDestino?: boolean } = {},
) => {
  const rutas: RouteObject[] = listaComoDestino
    ? [...logisticaRoutes.filter((r) => r.path !== '/albaranes'), landing('/albaranes')]
    : [...logisticaRoutes];
  const router = createMemoryRouter(
    [...rutas, landing('/unauthorized'), landing('/select-system')],
    {
      initialEntries: [path],
    },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AuthContext value={fakeAuth(signedInAs(roles))}>
      <SystemContext
        value={{ currentSystem: system, setCurrentSystem: () => {}, clearCurrentSystem: () => {} }}
      >
        <ApiClientContext value={fake.api}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ApiClientContext>
      </SystemContext>
    </AuthContext>,
  );
  return { router, fake };
};
