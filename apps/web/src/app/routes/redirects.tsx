import { Navigate } from 'react-router';
import { FullPageLoader } from '../../components/ui/full-page-loader.js';
import { useAuthContext } from '../../lib/auth-context.js';
import { useSystem } from '../../lib/system-context.js';
import { paths } from '../../config/paths.js';

/** SPEC 2.2: / goes to the dashboard once a system is chosen, otherwise to the selection. */
export const RootRedirect = () => {
  const { isLoading } = useAuthContext();
  const { currentSystem } = useSystem();
  if (isLoading) return <FullPageLoader message="Preparando tu sesión..." />;
  const to = currentSystem ? paths.dashboard.getHref() : paths.selectSystem.getHref();
  return <Navigate to={to} replace />;
};
