import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/react-query.js';
import { ApiClientProvider, AuthProvider } from './auth-provider.js';
import { RuntimeConfigLoader } from './runtime-config-loader.js';

export type AppProviderProps = {
  children: ReactNode;
  onRedirect: (target: string) => void;
};

/** Runtime configuration → identity → API client → server-state cache, in that order. */
export const AppProvider = ({ children, onRedirect }: AppProviderProps) => {
  const [queryClient] = useState(createQueryClient);
  return (
    <RuntimeConfigLoader>
      <AuthProvider onRedirect={onRedirect}>
        <ApiClientProvider>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </ApiClientProvider>
      </AuthProvider>
    </RuntimeConfigLoader>
  );
};
