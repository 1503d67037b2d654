import type { ReactNode } from 'react';
import { Auth0Provider } from '@auth0/auth0-react';
import { paths } from '../config/paths.js';
import { rememberLoginAppState } from '../features/auth/index.js';
import { useRuntimeConfig } from '../lib/runtime-config.js';

/** Scopes of SPEC 7: offline_access brings the refresh token that keeps the session alive. */
export const AUTH_SCOPE = 'openid profile email offline_access';

/**
 * The identity SDK, configured from the runtime configuration. `issuer` stays unset: the SDK
 * derives it from `domain`, and setting it would force https on the development provider.
 * After the provider sends the user back, the login's app state is only remembered here: the
 * callback page applies it (SPEC 4.4) once the SDK has finished loading.
 */
export const IdentityProvider = ({ children }: { children: ReactNode }) => {
  const { auth } = useRuntimeConfig();
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
      onRedirectCallback={rememberLoginAppState}
    >
      {children}
    </Auth0Provider>
  );
};
