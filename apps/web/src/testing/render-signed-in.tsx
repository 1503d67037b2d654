import { useRef, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { useFocusAfterModal } from '../components/layout/use-focus-after-modal.js';
import type { Role, SystemId } from '@tvsistema/domain';
import { ApiClientContext } from '../lib/api-client-context.js';
import { AuthContext, type AuthUser } from '../lib/auth-context.js';
import { SystemContext } from '../lib/system-context.js';
import { createFakeApi, type FakeApi } from './fake-api.js';
import { fakeAuth, signedInAs } from './fake-contexts.js';

/** The signed-in user of the module screen tests (their history and files name her). */
export const ADMIN_USER = { name: 'Ana Administradora', email: 'admin@tvsistema.test' };

export type RenderSignedInOptions = {
  /** The first URL of the memory router. */
  path: string;
  roles?: Role[] | undefined;
  fake?: FakeApi | undefined;
  system: SystemId;
  user?: AuthUser | undefined;
};

/** The shell's <main> around the screens, with its focus after a modal (app-layout.tsx). */
const ShellMain = () => {
  const main = useRef<HTMLElement>(null);
  useFocusAfterModal(main);
  return (
    <main ref={main} tabIndex={-1}>
      <Outlet />
    </main>
  );
};

/**
 * Renders `routes` as the signed-in app provides them — session, system, API client and query
 * cache — at `path`, for a user with `roles` over a scripted API. Each module's render helper
 * (renderFlota, renderAndamios, …) names its routes and its system on top of this.
 */
export const renderSignedIn = (
  routes: RouteObject[],
  {
    path,
    roles = ['administracion'],
    fake = createFakeApi(),
    system,
    user = ADMIN_USER,
  }: RenderSignedInOptions,
) => {
  const router = createMemoryRouter([{ element: <ShellMain />, children: routes }], {
    initialEntries: [path],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <AuthContext
      value={fakeAuth(signedInAs(roles, { user, getAccessToken: async () => 'token-de-prueba' }))}
    >
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
  return { ...result, router, fake, queryClient };
};

export type RenderScreenOptions = {
  path: string;
  /** Route pattern of the element under test (default: the path without its query). */
  routePath?: string;
  /** Other routes, to observe where navigation lands. */
  routes?: RouteObject[];
  roles?: Role[];
  fake?: FakeApi;
};

/** One screen mounted at its route pattern, beside `routes`, in `system`. */
export const renderScreen = (
  element: ReactElement,
  system: SystemId,
  { path, routePath = path.split('?', 1)[0] ?? '/', routes = [], roles, fake }: RenderScreenOptions,
) => renderSignedIn([{ path: routePath, element }, ...routes], { path, roles, fake, system });
