import { can, type Permission } from '../auth/permissions.js';
import { normalizeRoles, type Role } from '../auth/roles.js';
import { MESSAGES } from '../messages.js';
import { canAccessSystem, isSystemId, type SystemId } from '../systems/systems.js';
import { selectSystemUrl, unauthorizedUrl } from './redirect-urls.js';
import { shouldStoreReturnPath } from './special-routes.js';

export type GuardInput = {
  readonly isLoading: boolean;
  readonly isAuthenticated: boolean;
  readonly hasUser: boolean;
  readonly roles: readonly Role[];
  readonly currentSystem: SystemId | null;
  /** Current path and query, e.g. "/clientes?page=2". */
  readonly path: string;
  /** The page needs one of these roles. An empty list means no restriction. */
  readonly allowedRoles?: readonly Role[];
  /** The page needs this permission of the SPEC 6 table. */
  readonly permission?: Permission;
  readonly requiredSystem?: SystemId;
  /** Defaults to true. */
  readonly requireSystem?: boolean;
};

export type GuardRedirectReason =
  | 'role-not-allowed'
  | 'required-system-denied'
  | 'required-system-not-current'
  | 'no-system'
  | 'current-system-denied';

/** Every redirect replaces the history entry, so Back does not return to a refused page. */
export type GuardDecision =
  | { readonly kind: 'loading'; readonly message: string }
  | { readonly kind: 'login'; readonly storeReturnPath: string | null; readonly redirectTo: string }
  | { readonly kind: 'redirect'; readonly to: string; readonly reason: GuardRedirectReason }
  | { readonly kind: 'allow' };

const hasAllowedRole = (input: GuardInput, roles: readonly Role[]): boolean => {
  const { allowedRoles, permission } = input;
  if (permission !== undefined && !can(roles, permission)) return false;
  if (allowedRoles !== undefined && allowedRoles.length > 0) {
    return allowedRoles.some((role) => roles.includes(role));
  }
  return true;
};

/**
 * The route-guard decision of SPEC 2.5, steps 1 to 8 in order; the first that applies wins.
 * Redirects carry the current path as returnTo so a later screen can bring the user back.
 */
export const decideGuard = (input: GuardInput): GuardDecision => {
  const { path } = input;
  // Normalising is idempotent, so raw claim roles (a lone maquinaria) get the same answer.
  const roles = normalizeRoles(input.roles);
  // A value tampered with in session storage counts as no system at all.
  const currentSystem = isSystemId(input.currentSystem) ? input.currentSystem : null;

  if (input.isLoading) return { kind: 'loading', message: MESSAGES.loading.authentication };
  if (!input.isAuthenticated) {
    return {
      kind: 'login',
      storeReturnPath: shouldStoreReturnPath(path) ? path : null,
      redirectTo: selectSystemUrl(path),
    };
  }
  if (!input.hasUser) return { kind: 'loading', message: MESSAGES.loading.user };
  if (!hasAllowedRole(input, roles)) {
    return { kind: 'redirect', to: unauthorizedUrl(path), reason: 'role-not-allowed' };
  }
  if (input.requiredSystem !== undefined) {
    if (!canAccessSystem(roles, input.requiredSystem)) {
      return { kind: 'redirect', to: unauthorizedUrl(path), reason: 'required-system-denied' };
    }
    if (currentSystem !== input.requiredSystem) {
      return { kind: 'redirect', to: selectSystemUrl(path), reason: 'required-system-not-current' };
    }
  }
  if ((input.requireSystem ?? true) && currentSystem === null) {
    return { kind: 'redirect', to: selectSystemUrl(path), reason: 'no-system' };
  }
  if (currentSystem !== null && !canAccessSystem(roles, currentSystem)) {
    return { kind: 'redirect', to: unauthorizedUrl(path), reason: 'current-system-denied' };
  }
  return { kind: 'allow' };
};
