import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import {
  canAccessSystem,
  decideGuard,
  detectSystemFromPath,
  isPathAllowed,
  type Permission,
  type Role,
  type SystemId,
} from '@tvsistema/domain';
import { useAuthContext } from '../../lib/auth-context.js';
import { useSystem } from '../../lib/system-context.js';
import { storeReturnPath } from '../../lib/return-path.js';
import { FullPageLoader } from '../ui/full-page-loader.js';

export type RequireAccessProps = {
  /** The permission of the SPEC 6 table the page needs. */
  permission?: Permission;
  allowedRoles?: readonly Role[];
  requiredSystem?: SystemId;
  /** Defaults to true (SPEC 2.5). */
  requireSystem?: boolean;
  /** The page; the nested routes when absent. */
  children?: ReactNode;
};

export const NAVIGATING_MESSAGE = 'Navegando...';

const StoreReturnPath = ({ path }: { path: string }) => {
  useEffect(() => storeReturnPath(path), [path]);
  return null;
};

/**
 * The route guard of SPEC 2.5 over the domain's decision (steps 1 to 8 in order). When no system
 * is chosen yet, the one the path names is adopted first (SPEC 2.4 auto-detection) instead of
 * sending the user to choose; a page the current system does not allow waits for the navigation
 * guard to move it (SPEC 2.3) rather than flash.
 */
export const RequireAccess = ({ children, ...rules }: RequireAccessProps) => {
  const { isLoading, isAuthenticated, user, roles } = useAuthContext();
  const { currentSystem, setCurrentSystem } = useSystem();
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;

  const detected =
    isAuthenticated && user && currentSystem === null ? detectSystemFromPath(path) : null;
  const adopted = detected !== null && canAccessSystem(roles, detected) ? detected : null;
  useEffect(() => {
    if (adopted !== null) setCurrentSystem(adopted);
  }, [adopted, setCurrentSystem]);

  const system = currentSystem ?? adopted;
  const decision = decideGuard({
    isLoading,
    isAuthenticated,
    hasUser: user !== undefined,
    roles,
    currentSystem: system,
    path,
    ...rules,
  });

  switch (decision.kind) {
    case 'loading':
      return <FullPageLoader message={decision.message} />;
    case 'login':
      return (
        <>
          {decision.storeReturnPath ? <StoreReturnPath path={decision.storeReturnPath} /> : null}
          <Navigate to={decision.redirectTo} replace />
        </>
      );
    case 'redirect':
      // A path the current system does not allow goes to /dashboard by the navigation rules
      // (SPEC 2.3) whatever the roles say; refusing it here first would race that redirect.
      if (
        decision.reason === 'role-not-allowed' &&
        system !== null &&
        !isPathAllowed(system, path)
      ) {
        return <FullPageLoader message={NAVIGATING_MESSAGE} />;
      }
      return <Navigate to={decision.to} replace />;
    case 'allow':
      if (adopted !== null || (system !== null && !isPathAllowed(system, path))) {
        return <FullPageLoader message={NAVIGATING_MESSAGE} />;
      }
      return children ?? <Outlet />;
  }
};
