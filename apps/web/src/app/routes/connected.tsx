import type { ReactNode } from 'react';
import { AuthProvider, CallbackPage } from '../../features/auth/index.js';
import { useAuthContext } from '../../lib/auth-context.js';
import { usePreferencias } from '../../lib/preferencias-context.js';
import { SelectSystemPage } from '../../features/select-system/select-system-page.js';
import { SessionManager } from '../../features/session/session-manager.js';
import { useSystem } from '../../lib/system-context.js';

// Features never import each other; these wrappers hand one feature's context to another.

/** The auth context, which forgets the current system when the session ends. */
export const AuthProviderWithSystem = ({ children }: { children: ReactNode }) => {
  const { clearCurrentSystem } = useSystem();
  return <AuthProvider onSessionEnd={clearCurrentSystem}>{children}</AuthProvider>;
};

export const CallbackRoute = () => {
  const { currentSystem, setCurrentSystem } = useSystem();
  return <CallbackPage currentSystem={currentSystem} setCurrentSystem={setCurrentSystem} />;
};

export const SelectSystemRoute = () => {
  const { isLoading, isAuthenticated, roles, availableSystems, login, logout, error } =
    useAuthContext();
  const { currentSystem, setCurrentSystem } = useSystem();
  const { sistemaPorDefecto } = usePreferencias();
  return (
    <SelectSystemPage
      isLoading={isLoading}
      isAuthenticated={isAuthenticated}
      roles={roles}
      availableSystems={availableSystems}
      login={login}
      currentSystem={currentSystem}
      setCurrentSystem={setCurrentSystem}
      logout={logout}
      authError={error}
      preferredSystem={sistemaPorDefecto}
    />
  );
};

export const SessionWatcher = () => {
  const { isAuthenticated, logout, getAccessToken, renewSession } = useAuthContext();
  return (
    <SessionManager
      isAuthenticated={isAuthenticated}
      logout={logout}
      getAccessToken={getAccessToken}
      renewSession={renewSession}
    />
  );
};
