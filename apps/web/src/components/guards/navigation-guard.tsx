import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { decideNavigation, NAVIGATION_CHECK_DELAY_MS, NAVIGATION_LOCK_MS } from '@tvsistema/domain';
import { useAuthContext } from '../../lib/auth-context.js';
import { useSystem } from '../../lib/system-context.js';
import { clearReturnPath, readReturnPath, storeReturnPath } from '../../lib/return-path.js';

/**
 * SPEC 2.4: 50 ms after every path change (or session change) the navigation rules run. At most
 * one redirect happens at a time: after one, further redirects wait until the 2 s lock is
 * released, and the check then runs again.
 */
export const NavigationGuard = () => {
  const { isLoading, isAuthenticated, roles } = useAuthContext();
  const { currentSystem, setCurrentSystem } = useSystem();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const lockedUntil = useRef(0);
  const [recheck, setRecheck] = useState(0);

  useEffect(() => {
    if (isLoading) return;
    let lockTimer: ReturnType<typeof setTimeout> | undefined;
    const check = setTimeout(() => {
      const decision = decideNavigation({
        isAuthenticated,
        currentSystem,
        path: `${pathname}${search}`,
        storedReturnPath: readReturnPath(),
        roles,
      });
      if (decision === null) return;
      if (decision.kind === 'set-system') {
        setCurrentSystem(decision.system);
        return;
      }
      const now = Date.now();
      if (now < lockedUntil.current) {
        lockTimer = setTimeout(() => setRecheck((n) => n + 1), lockedUntil.current - now);
        return;
      }
      lockedUntil.current = now + NAVIGATION_LOCK_MS;
      if (decision.storeReturnPath !== null) storeReturnPath(decision.storeReturnPath);
      if (decision.clearReturnPath) clearReturnPath();
      void navigate(decision.to, { replace: true });
    }, NAVIGATION_CHECK_DELAY_MS);
    return () => {
      clearTimeout(check);
      clearTimeout(lockTimer);
    };
  }, [
    isLoading,
    isAuthenticated,
    currentSystem,
    roles,
    pathname,
    search,
    recheck,
    navigate,
    setCurrentSystem,
  ]);

  return null;
};
