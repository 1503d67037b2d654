import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { identityErrorOutcome, normalizePath, TIMINGS } from '@tvsistema/domain';
import { AuthError } from '../../../components/errors/auth-error.js';
import { paths } from '../../../config/paths.js';
import { identityErrorCode } from '../auth-provider.js';
import { useAuthContext } from '../../../lib/auth-context.js';

/**
 * SPEC 4.1 / 4.4 identity errors, each handled once. On the callback page, and for access_denied
 * or unauthorized anywhere, the app-level error screen shows for 1 s and the user goes to
 * /unauthorized. Elsewhere a lost session (login_required, consent_required, invalid_token,
 * missing_refresh_token) logs out, and any other error is logged and leads to /select-system.
 */
export const IdentityErrorGate = ({ children }: { children: ReactNode }) => {
  const { error, logout } = useAuthContext();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState<Error | undefined>(undefined);
  const handled = useRef<Error | undefined>(undefined);

  const onCallback = normalizePath(pathname) === paths.callback.path;
  const outcome = error ? identityErrorOutcome(identityErrorCode(error)) : null;
  const showScreen =
    error !== undefined && dismissed !== error && (onCallback || outcome === 'unauthorized');

  useEffect(() => {
    if (!showScreen || !error) return;
    const timer = setTimeout(() => {
      setDismissed(error);
      void navigate(paths.unauthorized.getHref(), { replace: true });
    }, TIMINGS.unauthorizedRedirect);
    return () => clearTimeout(timer);
  }, [showScreen, error, navigate]);

  useEffect(() => {
    if (!error || showScreen || dismissed === error || handled.current === error) return;
    handled.current = error;
    if (outcome === 'logout') {
      void logout();
      return;
    }
    console.error('Error del proveedor de identidad', error);
    if (normalizePath(pathname) !== paths.selectSystem.path) {
      void navigate(paths.selectSystem.getHref(), { replace: true });
    }
  }, [error, showScreen, dismissed, outcome, pathname, logout, navigate]);

  if (showScreen && error) {
    return (
      <AuthError
        message={error.message}
        onRetry={() => {
          setDismissed(error);
          void navigate(paths.selectSystem.getHref(), { replace: true });
        }}
      />
    );
  }
  return children;
};
