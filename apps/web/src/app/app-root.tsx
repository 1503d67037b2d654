import { Outlet } from 'react-router';
import { NavigationGuard } from '../components/guards/navigation-guard.js';
import { IdentityErrorGate } from '../features/auth/index.js';
import { PreferenciasProvider } from '../features/preferencias/index.js';
import { useDocumentTitle } from '../lib/page-title.js';
import { SystemProvider } from '../features/system/index.js';
import { ApiClientProvider } from './api-client-provider.js';
import { AuthProviderWithSystem, SessionWatcher } from './routes/connected.js';

/** Every page's document title, "{Pantalla} · TVSistema" (config/page-titles.ts). */
const DocumentTitle = () => {
  useDocumentTitle();
  return null;
};

/**
 * The root route: the contexts that need the router (navigation on cross-tab changes, identity
 * errors, logout), the signed-in user's preferences and the app-wide watchers, around every page.
 */
export const AppRoot = () => (
  <SystemProvider>
    <DocumentTitle />
    <AuthProviderWithSystem>
      <ApiClientProvider>
        <PreferenciasProvider>
          <IdentityErrorGate>
            <NavigationGuard />
            <SessionWatcher />
            <Outlet />
          </IdentityErrorGate>
        </PreferenciasProvider>
      </ApiClientProvider>
    </AuthProviderWithSystem>
  </SystemProvider>
);
