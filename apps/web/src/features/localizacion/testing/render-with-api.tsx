import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { ApiClientContext } from '../../../lib/api-client-context.js';

/** A component of this feature with the given API client and a fresh, non-retrying cache. */
export const renderWithApi = (element: ReactElement, api: ApiClient) => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <ApiClientContext value={api}>
      <QueryClientProvider client={queryClient}>{element}</QueryClientProvider>
    </ApiClientContext>,
  );
};
