import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/react-query.js';
import { IdentityProvider } from './identity-provider.js';
import { RuntimeConfigLoader } from './runtime-config-loader.js';

/**
 * Runtime configuration → identity SDK → server-state cache, above the router. The contexts
 * that need the router live in its root route (AppRoot).
 */
export const AppProvider = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createQueryClient);
  return (
    <RuntimeConfigLoader>
      <IdentityProvider>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </IdentityProvider>
    </RuntimeConfigLoader>
  );
};
