import { useMemo, type ReactNode } from 'react';
import { useAuthContext } from '../lib/auth-context.js';
import { createApiClient } from '../lib/api-client.js';
import { ApiClientContext } from '../lib/api-client-context.js';

/**
 * The API client for everything below: with the user's access token once signed in. The token
 * comes through the auth context, so a lost session is handled once, by its token-error rule.
 */
export const ApiClientProvider = ({ children }: { children: ReactNode }) => {
  const { isAuthenticated, getAccessToken } = useAuthContext();
  const client = useMemo(
    () => createApiClient(isAuthenticated ? { getAccessToken } : {}),
    [isAuthenticated, getAccessToken],
  );
  return <ApiClientContext value={client}>{children}</ApiClientContext>;
};
