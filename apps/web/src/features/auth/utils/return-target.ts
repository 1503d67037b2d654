import type { AppState } from '@auth0/auth0-react';
import { sanitizeReturnTarget } from '@tvsistema/domain';
import { paths } from '../../../config/paths.js';

const isCallbackPath = (target: string): boolean => {
  const pathname = target.split(/[?#]/, 1)[0] ?? '';
  return pathname.replace(/\/+$/, '') === paths.callback.path;
};

/**
 * Where the app goes once the identity provider has sent the user back. The target travelled
 * through the provider in the login state, so it is untrusted: the domain's rules keep it on this
 * origin. Going back to the callback route would leave the user on a spinner forever.
 */
export const returnTargetFromAppState = (appState: AppState | undefined): string => {
  const requested: unknown = appState?.returnTo;
  if (requested === undefined) return paths.home.getHref();
  const target = sanitizeReturnTarget(requested);
  return isCallbackPath(target) ? paths.home.getHref() : target;
};

/** True when the URL carries an authorization response the identity SDK is about to process. */
export const hasAuthorizationResponse = (search: string): boolean => {
  const params = new URLSearchParams(search);
  return (params.has('code') || params.has('error')) && params.has('state');
};
