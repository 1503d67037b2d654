import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/ui/full-page-loader.js';
import { useAuthContext } from '../../lib/auth-context.js';
import { useSystem } from '../../lib/system-context.js';
import { DashboardPage } from '../../features/dashboard/dashboard-page.js';
import { paths } from '../../config/paths.js';

/** SPEC 2.2: / goes to the dashboard once a system is chosen, otherwise to the selection. */
export const RootRedirect = () => {
  const { isLoading } = useAuthContext();
  const { currentSystem } = useSystem();
  if (isLoading) return <FullPageLoader message="Preparando tu sesión..." />;
  const to = currentSystem ? paths.dashboard.getHref() : paths.selectSystem.getHref();
  return <Navigate to={to} replace />;
};

/** SPEC 2.3: the verticales dashboard only forwards to /obras. */
export const DashboardRoute = () => {
  const { currentSystem } = useSystem();
  if (currentSystem === 'verticales') return <Navigate to={paths.obras.list.getHref()} replace />;
  return <DashboardPage />;
};

/** SPEC 2.12: any other path below a party base goes up one level. */
export const UpOneLevel = () => {
  const { pathname } = useLocation();
  const parent = pathname.replace(/\/+$/, '').replace(/\/[^/]*$/, '') || '/';
  return <Navigate to={parent} replace />;
};
