import { useContext } from 'react';
import type * as Auth0Sdk from '@auth0/auth0-react';
import type { Auth0ContextInterface } from '@auth0/auth0-react';

/**
 * The identity SDK (`@auth0/auth0-react`, 63 KB gzip on its own) is a chunk of its own, loaded
 * with a dynamic import instead of being part of the entry (issue 13, decision 0025): index.html
 * preloads it beside the entry (vite-identity-preload.ts) and main.tsx runs it before the first
 * render, so it is ready with the runtime configuration, while the entry (and its first paint,
 * "Iniciando aplicación...") no longer waits for it to be parsed.
 */
export type IdentitySdk = typeof Auth0Sdk;

let loaded: IdentitySdk | undefined;
let loading: Promise<IdentitySdk> | undefined;

/** Starts the SDK's download once; every later call gets the same promise. */
export const loadIdentitySdk = (): Promise<IdentitySdk> => {
  loading ??= import('@auth0/auth0-react').then((sdk) => (loaded = sdk));
  return loading;
};

/** The SDK if it has arrived already: lets the provider render at once on later mounts. */
export const loadedIdentitySdk = (): IdentitySdk | undefined => loaded;

const requireSdk = (): IdentitySdk => {
  if (!loaded) throw new Error('El SDK de identidad aún no se ha cargado (IdentityProvider).');
  return loaded;
};

/**
 * The SDK's state (what `useAuth0` returns). Only below IdentityProvider, which renders nothing
 * of the app until the SDK has loaded.
 */
export const useIdentitySdk = (): Auth0ContextInterface => useContext(requireSdk().Auth0Context);
