import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Auth0Context, initialContext, type Auth0ContextInterface } from '@auth0/auth0-react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { DEFAULT_CLAIMS_NAMESPACE } from '@tvsistema/domain';
import { createApiClient, type ApiClient } from '../lib/api-client.js';
import { ApiClientContext } from '../lib/api-client-context.js';
import { RuntimeConfigContext, type RuntimeConfig } from '../lib/runtime-config.js';

export const testRuntimeConfig: RuntimeConfig = {
  auth: {
    domain: 'http://localhost:3001',
    clientId: 'tvsistema-web',
    audience: 'https://api.tvsistema.es',
    claimsNamespace: DEFAULT_CLAIMS_NAMESPACE,
  },
};

export type RenderAppOptions = {
  /** Overrides of the identity SDK's context (signed out and loaded by default). */
  auth?: Partial<Auth0ContextInterface>;
  api?: ApiClient;
  path?: string;
  /** Extra routes beside the one under test, to observe navigation. */
  routes?: RouteObject[];
  routePath?: string;
};

/** Renders one route the way the app provides it, with the SDK and the API replaced. */
export const renderRoute = (element: ReactElement, options: RenderAppOptions = {}) => {
  const {
    auth = {},
    api = createApiClient({ fetch: () => Promise.reject(new Error('sin red en las pruebas')) }),
    path = '/',
    routes = [],
    routePath = path.split('?', 1)[0] ?? '/',
  } = options;
  const authValue = { ...initialContext, isLoading: false, ...auth } as Auth0ContextInterface;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: routePath, element }, ...routes], {
    initialEntries: [path],
  });

  const result = render(
    <RuntimeConfigContext value={testRuntimeConfig}>
      <Auth0Context value={authValue}>
        <ApiClientContext value={api}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ApiClientContext>
      </Auth0Context>
    </RuntimeConfigContext>,
  );
  return { ...result, router };
};
