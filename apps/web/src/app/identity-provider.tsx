import { useEffect, useState, type ReactNode } from 'react';
import { StartupError } from '../components/errors/startup-error.js';
import { FullPageLoader } from '../components/ui/full-page-loader.js';
import { paths } from '../config/paths.js';
import { rememberLoginAppState } from '../features/auth/index.js';
import { loadedIdentitySdk, loadIdentitySdk, type IdentitySdk } from '../lib/identity-sdk.js';
import { useRuntimeConfig } from '../lib/runtime-config.js';

/** Scopes of SPEC 7: offline_access brings the refresh token that keeps the session alive. */
export const AUTH_SCOPE = 'openid profile email offline_access';

type SdkState =
  | { status: 'loading' }
  | { status: 'ready'; sdk: IdentitySdk }
  | { status: 'failed'; message: string };

const initialSdkState = (): SdkState => {
  const sdk = loadedIdentitySdk();
  return sdk ? { status: 'ready', sdk } : { status: 'loading' };
};

/**
 * The identity SDK, configured from the runtime configuration, once its chunk has arrived
 * (lib/identity-sdk.ts). `issuer` stays unset: the SDK derives it from `domain`, and setting it
 * would force https on the development provider. After the provider sends the user back, the
 * login's app state is only remembered here: the callback page applies it (SPEC 4.4) once the
 * SDK has finished loading.
 */
export const IdentityProvider = ({ children }: { children: ReactNode }) => {
  const { auth } = useRuntimeConfig();
  const [state, setState] = useState(initialSdkState);

  useEffect(() => {
    if (state.status !== 'loading') return;
    let current = true;
    loadIdentitySdk().then(
      (sdk) => {
        if (current) setState({ status: 'ready', sdk });
      },
      (error: unknown) => {
        console.error('No se pudo cargar el SDK de identidad', error);
        if (current) {
          setState({
            status: 'failed',
            message: error instanceof Error ? error.message : String(error),
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [state.status]);

  if (state.status === 'loading') return <FullPageLoader message="Iniciando aplicación..." />;
  if (state.status === 'failed') return <StartupError detail={state.message} />;
  const { Auth0Provider } = state.sdk;
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
