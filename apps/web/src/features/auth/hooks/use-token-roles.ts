import { useMemo } from 'react';
import { useAuth0 } from '@auth0/auth0-react';
import { rolesFromClaims, type Role } from '@tvsistema/domain';
import { useRuntimeConfig } from '../../../lib/runtime-config.js';

/** The roles carried by the ID token's namespaced claims, normalised by the domain rules. */
export const useTokenRoles = (): Role[] => {
  const { user } = useAuth0();
  const { auth } = useRuntimeConfig();
  return useMemo(
    () => (user ? rolesFromClaims(user, auth.claimsNamespace) : []),
    [user, auth.claimsNamespace],
  );
};
