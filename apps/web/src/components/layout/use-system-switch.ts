import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  MESSAGES,
  SYSTEMS,
  TIMINGS,
  canAccessSystem,
  type Role,
  type SystemId,
} from '@tvsistema/domain';
import { LINKS } from './navigation-links.js';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const reloadPage = () => window.location.reload();

export type SystemSwitchOptions = {
  roles: readonly Role[];
  setCurrentSystem: (system: SystemId) => void;
  /** Injected by tests; the browser reload otherwise. */
  onReload?: () => void;
};

/**
 * SPEC 4.3 navbar switch: permission check, set the system, a 150 ms pause (lets the theme and
 * storage settle before the dashboard of the new system mounts), then /dashboard. Any failure
 * shows "Error al cambiar" and offers a reload, the only sure way back to a consistent state.
 */
export const useSystemSwitch = ({
  roles,
  setCurrentSystem,
  onReload = reloadPage,
}: SystemSwitchOptions) => {
  const navigate = useNavigate();
  const [switching, setSwitching] = useState<SystemId | null>(null);
  const [error, setError] = useState<string | null>(null);

  const switchTo = async (target: SystemId): Promise<void> => {
    setSwitching(target);
    setError(null);
    try {
      if (!canAccessSystem(roles, target)) {
        throw new Error(MESSAGES.selection.noPermissionForSystem(SYSTEMS[target].shortName));
      }
      setCurrentSystem(target);
      await pause(TIMINGS.switchPause);
      await navigate(LINKS.dashboard);
    } catch (cause) {
      const detail = cause instanceof Error ? cause.message : String(cause);
      setError(`${MESSAGES.selection.switchFailed}: ${detail}`);
      if (
        window.confirm(
          `${MESSAGES.selection.switchFailed} de sistema. ¿Quieres recargar la página?`,
        )
      ) {
        onReload();
      }
    } finally {
      setSwitching(null);
    }
  };

  return { switchTo, switching, error, clearError: () => setError(null) };
};
