import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  MESSAGES,
  resolveReturnTarget,
  returnToParam,
  sanitizeReturnTarget,
  SYSTEM_OPTIONS,
  TIMINGS,
  type Role,
  type SystemId,
} from '@tvsistema/domain';
import { paths } from '../../config/paths.js';
import { clearReturnPath, readReturnPath } from '../../lib/return-path.js';

/** What the screen needs from the session; the app passes the auth and system contexts in. */
export type SelectionSources = {
  isLoading: boolean;
  isAuthenticated: boolean;
  roles: readonly Role[];
  availableSystems: readonly SystemId[];
  login: (options: { targetSystem?: SystemId; returnTo?: string }) => Promise<void>;
  currentSystem: SystemId | null;
  setCurrentSystem: (system: SystemId) => void;
  /** Offered while signed in, so a user without systems is never stuck on this screen. */
  logout?: () => Promise<void>;
  /** An identity error that sent the user here (SPEC 4.1); shown until "Reintentar". */
  authError?: Error | undefined;
  /** The user's default system (Preferencias): marked and focused, never chosen for them. */
  preferredSystem?: SystemId | null;
};

export type SelectionPhase =
  /** The identity SDK is still loading. */
  | 'authenticating'
  /** Signed in: the roles are checked after a short pause (SPEC 4.3). */
  | 'checking'
  | 'redirecting'
  | 'ready'
  | 'no-roles'
  | 'empty';

export type SystemSelection = {
  phase: SelectionPhase;
  isAuthenticated: boolean;
  availableSystems: readonly SystemId[];
  /** The system whose button shows the spinner while it is being chosen. */
  busySystem: SystemId | null;
  error: string | null;
  choose: (system: SystemId) => void;
  /** "Reintentar" / "Verificar nuevamente": clears the error and flags, checks again. */
  retry: () => void;
};

const optionName = (system: SystemId) =>
  SYSTEM_OPTIONS.find((option) => option.id === system)?.name ?? system;

/** The page the user wanted: the URL's returnTo, else the stored returnPath (SPEC 2.4). */
const wantedTarget = (search: string): string | null =>
  returnToParam(`${paths.selectSystem.path}${search}`) ?? readReturnPath();

/** SPEC 2.6 / 4.3: the state and the timings of the system selection screen. */
export const useSystemSelection = ({
  isLoading,
  isAuthenticated,
  roles,
  availableSystems,
  login,
  currentSystem,
  setCurrentSystem,
  authError,
}: SelectionSources): SystemSelection => {
  const navigate = useNavigate();
  const { search } = useLocation();

  const [checked, setChecked] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [busySystem, setBusySystem] = useState<SystemId | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dismissedAuthError, setDismissedAuthError] = useState<Error | undefined>(undefined);
  // One redirect per visit, whatever re-renders happen meanwhile.
  const redirected = useRef(false);
  const fallbackTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(fallbackTimer.current), []);

  const goTo = useCallback(
    (system: SystemId) => {
      if (redirected.current) return;
      redirected.current = true;
      const target = resolveReturnTarget(wantedTarget(search), system);
      clearReturnPath();
      void navigate(target, { replace: true });
      // Should the router not move (a blocked transition), the browser does.
      fallbackTimer.current = setTimeout(() => {
        if (window.location.pathname === paths.selectSystem.path) window.location.assign(target);
      }, TIMINGS.fallback);
    },
    [navigate, search],
  );

  const choose = useCallback(
    (system: SystemId) => {
      if (busySystem !== null) return;
      setError(null);
      if (!isAuthenticated) {
        setBusySystem(system);
        const wanted = wantedTarget(search);
        login({
          targetSystem: system,
          ...(wanted ? { returnTo: sanitizeReturnTarget(wanted) } : {}),
        }).catch((cause: unknown) => {
          console.error('No se pudo iniciar sesión', cause);
          setError(MESSAGES.selection.selectFailed);
          setBusySystem(null);
        });
        return;
      }
      if (!availableSystems.includes(system)) {
        setError(MESSAGES.selection.noPermissionFor(optionName(system)));
        return;
      }
      setBusySystem(system);
      try {
        setCurrentSystem(system);
        goTo(system);
      } catch (cause) {
        console.error('No se pudo seleccionar el sistema', cause);
        redirected.current = false;
        setError(MESSAGES.selection.selectFailed);
        setBusySystem(null);
      }
    },
    [busySystem, isAuthenticated, availableSystems, search, login, setCurrentSystem, goTo],
  );

  // Signed in: check the roles after a short pause, then redirect or auto-select.
  useEffect(() => {
    if (isLoading || !isAuthenticated) return;
    const timer = setTimeout(() => setChecked(true), TIMINGS.roleCheck);
    return () => clearTimeout(timer);
  }, [isLoading, isAuthenticated, attempt]);

  const allowedCurrent = currentSystem !== null && availableSystems.includes(currentSystem);
  const [onlySystem] = availableSystems;
  const autoSelect =
    checked && currentSystem === null && availableSystems.length === 1 && roles.length > 0;

  useEffect(() => {
    if (!checked || !allowedCurrent || currentSystem === null) return;
    const timer = setTimeout(() => goTo(currentSystem), TIMINGS.redirect);
    return () => clearTimeout(timer);
  }, [checked, allowedCurrent, currentSystem, goTo]);

  useEffect(() => {
    if (!autoSelect || onlySystem === undefined) return;
    const timer = setTimeout(() => choose(onlySystem), TIMINGS.autoSelect);
    return () => clearTimeout(timer);
  }, [autoSelect, onlySystem, choose]);

  const retry = useCallback(() => {
    setError(null);
    setDismissedAuthError(authError);
    setBusySystem(null);
    setChecked(false);
    redirected.current = false;
    setAttempt((n) => n + 1);
  }, [authError]);

  const phase: SelectionPhase = isLoading
    ? 'authenticating'
    : !isAuthenticated
      ? 'ready'
      : !checked
        ? 'checking'
        : roles.length === 0
          ? 'no-roles'
          : availableSystems.length === 0
            ? 'empty'
            : allowedCurrent
              ? 'redirecting'
              : 'ready';

  const shownError =
    error ?? (authError && authError !== dismissedAuthError ? authError.message : null);

  return {
    phase,
    isAuthenticated,
    availableSystems,
    busySystem,
    error: shownError,
    choose,
    retry,
  };
};
