import { createContext, useContext } from 'react';
import { MESSAGES, type Role, type SystemId } from '@tvsistema/domain';

/** The signed-in user as the ID token describes them (SPEC 3). */
export type AuthUser = {
  sub?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  phone_number?: string;
  picture?: string;
  empresa?: string;
  cargo?: string;
};

export type LoginOptions = {
  /** Saved as the pending system and applied by the callback (SPEC 4.3, 4.4). */
  targetSystem?: SystemId;
  /** Sanitised path to come back to after sign-in (DESIGN decision 7); default /dashboard. */
  returnTo?: string;
};

/**
 * Identity for the whole app (SPEC 4.1): features/auth's provider wraps the Auth0 SDK; screens read
 * it through `useAuthContext` and never import the SDK themselves. The contract lives in lib/ so
 * shared components (guards, layout) can read it without importing a feature.
 */
export type AuthContextValue = {
  isLoading: boolean;
  isAuthenticated: boolean;
  user: AuthUser | undefined;
  /** Normalised roles from both claims (SPEC 5). */
  roles: readonly Role[];
  availableSystems: readonly SystemId[];
  error: Error | undefined;
  login: (options?: LoginOptions) => Promise<void>;
  /** Stores the return path, clears the current system and returns to the site origin (SPEC 4.5). */
  logout: () => Promise<void>;
  getAccessToken: () => Promise<string>;
  /**
   * Asks the provider for a fresh access token, bypassing the cache ("Mantener sesión", DESIGN
   * decision 3; proactive renewal, SPEC 4.5). Rejects when the session cannot be renewed.
   * Optional so that fakes of this contract written before it existed stay valid.
   */
  renewSession?: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export const useAuthContext = (): AuthContextValue => {
  const value = useContext(AuthContext);
  if (!value) throw new Error(MESSAGES.product.useAuthContextOutsideProvider);
  return value;
};
