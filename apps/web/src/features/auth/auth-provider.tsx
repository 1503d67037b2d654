import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { User } from '@auth0/auth0-react';
import {
  availableSystems,
  DEFAULT_RETURN_TARGET,
  identityErrorOutcome,
  MESSAGES,
  rolesFromClaims,
  sanitizeReturnTarget,
  shouldStoreReturnPath,
} from '@tvsistema/domain';
import { useIdentitySdk } from '../../lib/identity-sdk.js';
import { storeReturnPath } from '../../lib/return-path.js';
import { useRuntimeConfig } from '../../lib/runtime-config.js';
import {
  AuthContext,
  type AuthContextValue,
  type AuthUser,
  type LoginOptions,
} from '../../lib/auth-context.js';
import { clearLoginState, savePendingSystem, type LoginAppState } from './utils/login-state.js';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Only the documented fields of SPEC 3 reach the screens, each checked to be text. */
const toAuthUser = (user: User): AuthUser => {
  const picked: AuthUser = {};
  for (const key of [
    'sub',
    'name',
    'given_name',
    'family_name',
    'email',
    'phone_number',
    'picture',
    'empresa',
    'cargo',
  ] as const) {
    const value = text(user[key]);
    if (value !== undefined) picked[key] = value;
  }
  return picked;
};

/** The identity SDK's error code (`error` on its error objects), if any. */
export const identityErrorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { error?: unknown }).error : undefined;

const currentPath = () =>
  `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * The auth context of the whole app over the identity SDK (SPEC 4.1): normalised roles and the
 * systems they open, login with a target system, logout that remembers the page, and an access
 * token getter whose lost-session errors log the user out once.
 */
export type AuthProviderProps = {
  children: ReactNode;
  /** Forgets the current system when the session ends (SPEC 4.2: logout clears it). */
  onSessionEnd: () => void;
};

export const AuthProvider = ({ children, onSessionEnd }: AuthProviderProps) => {
  const auth0 = useIdentitySdk();
  const { auth } = useRuntimeConfig();
  const { loginWithRedirect, logout: sdkLogout, getAccessTokenSilently } = auth0;
  const tokenErrorHandled = useRef(false);

  const user = useMemo(() => (auth0.user ? toAuthUser(auth0.user) : undefined), [auth0.user]);
  const roles = useMemo(
    () => (auth0.user ? rolesFromClaims(auth0.user, auth.claimsNamespace) : []),
    [auth0.user, auth.claimsNamespace],
  );
  const systems = useMemo(() => availableSystems(roles), [roles]);

  useEffect(() => {
    if (auth0.user && roles.length === 0) {
      console.warn('El usuario no tiene roles en sus credenciales', auth0.user.sub);
    }
  }, [auth0.user, roles]);

  const login = useCallback(
    async ({ targetSystem, returnTo }: LoginOptions = {}) => {
      if (targetSystem) savePendingSystem(targetSystem);
      const appState: LoginAppState = {
        returnTo: sanitizeReturnTarget(returnTo ?? DEFAULT_RETURN_TARGET),
        ...(targetSystem ? { targetSystem } : {}),
      };
      await loginWithRedirect({ appState });
    },
    [loginWithRedirect],
  );

  const logout = useCallback(async () => {
    const path = currentPath();
    if (shouldStoreReturnPath(path)) storeReturnPath(path);
    onSessionEnd();
    clearLoginState();
    await sdkLogout({ logoutParams: { returnTo: window.location.origin } });
  }, [onSessionEnd, sdkLogout]);

  const handleTokenError = useCallback(
    (error: unknown) => {
      if (identityErrorOutcome(identityErrorCode(error)) !== 'logout') return;
      // Several requests fail together when the session is lost; one logout is enough.
      if (tokenErrorHandled.current) return;
      tokenErrorHandled.current = true;
      console.warn(MESSAGES.product.tokenProblem, error);
      void logout();
    },
    [logout],
  );

  const getAccessToken = useCallback(async (): Promise<string> => {
    try {
      const token = await getAccessTokenSilently();
      if (!token) throw new Error(MESSAGES.identity.getAccessTokenFailed);
      return token;
    } catch (error) {
      handleTokenError(error);
      throw error;
    }
  }, [getAccessTokenSilently, handleTokenError]);

  const renewSession = useCallback(async () => {
    try {
      await getAccessTokenSilently({ cacheMode: 'off' });
    } catch (error) {
      handleTokenError(error);
      throw error;
    }
  }, [getAccessTokenSilently, handleTokenError]);

  const value = useMemo<AuthContextValue>(
    () => ({
      isLoading: auth0.isLoading,
      isAuthenticated: auth0.isAuthenticated,
      user,
      roles,
      availableSystems: systems,
      error: auth0.error,
      login,
      logout,
      getAccessToken,
      renewSession,
    }),
    [
      auth0.isLoading,
      auth0.isAuthenticated,
      auth0.error,
      user,
      roles,
      systems,
      login,
      logout,
      getAccessToken,
      renewSession,
    ],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
};
