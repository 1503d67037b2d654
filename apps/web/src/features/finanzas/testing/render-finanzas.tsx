import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Role, SystemId } from '@tvsistema/domain';
import { ApiClientContext } from '../../../lib/api-client-context.js';
import { AuthContext } from '../../../lib/auth-context.js';
import { SystemContext } from '../../../lib/system-context.js';
import { createFakeApi, type FakeApi } from '../../../testing/fake-api.js';
import { fakeAuth, landing, signedInAs } from '../../../testing/fake-contexts.js';
import { finanzasRoutes, notasComprasRoutes } from '../finanzas-routes.js';

/** Renders the real finanzas routes (guards, lazy screens) at `path` over a scripted API. */
export const renderFinanzas = (
  path: string,
  {
    roles = ['administracion'],
    fake = createFakeApi(),
    system = 'alquileres',
  }: { roles?: Role[]; fake?: FakeApi; system?: SystemId } = {},
) => {
  const router = createMemoryRouter(
    [...finanzasRoutes, ...notasComprasRoutes, landing('/unauthorized')],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
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
  return { ...result, router, fake };
};
