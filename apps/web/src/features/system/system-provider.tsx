import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { assertSystemId, fallbackPathFor, isPathAllowed, type SystemId } from '@tvsistema/domain';
import { applySystemTheme } from './body-theme.js';
import {
  broadcastSystemChange,
  migrateLegacySystem,
  readCurrentSystem,
  removeCurrentSystem,
  systemFromStorageEvent,
  writeCurrentSystem,
} from './current-system-storage.js';
import { SystemContext, type SystemContextValue } from '../../lib/system-context.js';

const initialSystem = (): SystemId | null => {
  migrateLegacySystem();
  return readCurrentSystem();
};

/** SPEC 4.2: the current system, its storage, its theme on <body> and its sync across tabs. */
export const SystemProvider = ({ children }: { children: ReactNode }) => {
  const [currentSystem, setState] = useState<SystemId | null>(initialSystem);
  const navigate = useNavigate();
  const location = useLocation();
  const pathRef = useRef(location.pathname);
  useEffect(() => {
    pathRef.current = location.pathname;
  }, [location.pathname]);

  const setCurrentSystem = useCallback((system: SystemId) => {
    assertSystemId(system);
    writeCurrentSystem(system);
    broadcastSystemChange(system);
    setState(system);
  }, []);

  const clearCurrentSystem = useCallback(() => {
    removeCurrentSystem();
    setState(null);
  }, []);

  useEffect(() => applySystemTheme(currentSystem), [currentSystem]);
  // Leaving the shell (tests, hot reload) must not leave a stale theme on <body>.
  useEffect(() => () => applySystemTheme(null), []);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      const system = systemFromStorageEvent(event);
      if (system === null || system === readCurrentSystem()) return;
      writeCurrentSystem(system);
      setState(system);
      if (!isPathAllowed(system, pathRef.current)) {
        void navigate(fallbackPathFor(system), { replace: true });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [navigate]);

  const value = useMemo<SystemContextValue>(
    () => ({ currentSystem, setCurrentSystem, clearCurrentSystem }),
    [currentSystem, setCurrentSystem, clearCurrentSystem],
  );
  return <SystemContext value={value}>{children}</SystemContext>;
};
