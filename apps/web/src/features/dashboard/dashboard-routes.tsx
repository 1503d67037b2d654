import { Navigate, type RouteObject } from 'react-router';
import { guarded } from '../../components/guards/guarded-route.js';
import { paths } from '../../config/paths.js';
import { useSystem } from '../../lib/system-context.js';
import { lazy } from 'react';
import { LazyPage } from '../../components/ui/page-skeleton.js';

// Issue 13: a chunk of its own, so the signed-out pages do not carry it.
const DashboardPage = lazy(() =>
  import('./dashboard-page.js').then((module) => ({ default: module.DashboardPage })),
);

/** SPEC 2.3: the verticales dashboard only forwards to /obras. */
export const DashboardRoute = () => {
  const { currentSystem } = useSystem();
  if (currentSystem === 'verticales') return <Navigate to={paths.obras.list.getHref()} replace />;
  return (
    <LazyPage>
      <DashboardPage />
    </LazyPage>
  );
};

export const dashboardRoutes: RouteObject[] = [
  guarded(paths.dashboard.path, 'session.view', <DashboardRoute />),
];
