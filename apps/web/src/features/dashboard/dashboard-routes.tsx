import { Navigate, type RouteObject } from 'react-router';
import { guarded } from '../../components/guards/guarded-route.js';
import { paths } from '../../config/paths.js';
import { useSystem } from '../../lib/system-context.js';
import { DashboardPage } from './dashboard-page.js';

/** SPEC 2.3: the verticales dashboard only forwards to /obras. */
export const DashboardRoute = () => {
  const { currentSystem } = useSystem();
  if (currentSystem === 'verticales') return <Navigate to={paths.obras.list.getHref()} replace />;
  return <DashboardPage />;
};

export const dashboardRoutes: RouteObject[] = [
  guarded(paths.dashboard.path, 'session.view', <DashboardRoute />),
];
