import { useCallback, useMemo, type ReactNode } from 'react';
import { Auth0Provider, useAuth0, type AppState } from '@auth0/auth0-react';
import { paths } from '../config/paths.js';
import { returnTargetFromAppState } from '../features/auth/utils/return-target.js';
import { createApiClient } from '../lib/api-client.js';
import { ApiClientContext } from '../lib/api-client-context.js';
import { useRuntimeConfig } from '../lib/runtime-config.js';

/** Scopes of SPEC 7: offline_access brings the refresh token that keeps the session alive. */
export const AUTH_SCOPE = 'openid profile email offline_access';

export type AuthProviderProps = {
  children: ReactNode;
  /** Moves the router (replacing history) once the provider has sent the user back. */
  onRedirect: (target: string) => void;
};

/**
 * The identity SDK, configured from the runtime configuration. `issuer` stays unset: the SDK
 * derives it from `domain`, and setting it would force https on the development provider.
 */
export const AuthProvider = ({ children, onRedirect }: AuthProviderProps) => {
  const { auth } = useRuntimeConfig();
  const onRedirectCallback = useCallback(
    (appState?: AppState) => onRedirect(returnTargetFromAppState(appState)),
    [onRedirect],
  );

  return (
    <Auth0Provider
      domain={auth.domain}
      clientId={auth.clientId}
      cacheLocation="localstorage"
      useRefreshTokens
      authorizationParams={{
        redirect_uri: `${window.location.origin}${paths.callback.getHref()}`,
        audience: auth.audience,
        scope: AUTH_SCOPE,
        ...(auth.organization ? { organization: auth.organization } : {}),
      }}
      onRedirectCallback={onRedirectCallback}
    >
      {children}
    </Auth0Provider>
  );
};

/** The API client for everything below: with the user's access token once signed in. */
export const ApiClientProvider = ({ children }: { children: ReactNode }) => {
  const { isAuthenticated, getAccessTokenSilently } = useAuth0();
  const client = useMemo(
    () =>
      createApiClient(isAuthenticated ? { getAccessToken: () => getAccessTokenSilently() } : {}),
    [isAuthenticated, getAccessTokenSilently],
  );
  return <ApiClientContext value={client}>{children}</ApiClientContext>;
};
