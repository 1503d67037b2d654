import { createContext, useContext } from 'react';
import type { ApiClient } from './api-client.js';

/** The client carrying the signed-in user's token; the app provider supplies it. */
export const ApiClientContext = createContext<ApiClient | null>(null);

export const useApiClient = (): ApiClient => {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient debe usarse dentro de AppProvider');
  return client;
};
