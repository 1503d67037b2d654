import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/errors/not-found-page.js';
import { PageRouteError, RootRouteError } from '../components/errors/route-error.js';
import { StatusRoute } from '../components/errors/status-route.js';
import { UnauthorizedPage } from '../components/errors/unauthorized-page.js';
import { guarded } from '../components/guards/guarded-route.js';
import { FullPageLoader } from '../components/ui/full-page-loader.js';
import { paths } from '../config/paths.js';
import type { RouteHandle } from '../lib/lazy-screen.js';
import { andamiosRoutes } from '../features/andamios/index.js';
import { comercialRoutes } from '../features/comercial/index.js';
import { conceptosRoutes } from '../features/conceptos/index.js';
import { dashboardRoutes } from '../features/dashboard/index.js';
import { finanzasRoutes, notasComprasRoutes } from '../features/finanzas/index.js';
import { flotaRoutes } from '../features/flota/index.js';
import { localizacionRoutes } from '../features/localizacion/index.js';
import { logisticaRoutes } from '../features/logistica/index.js';
import { maquinariaRoutes } from '../features/maquinaria/index.js';
import { obrasRoutes } from '../features/obras/index.js';
import { partesRoutes } from '../features/partes/index.js';
import { profileRoutes } from '../features/profile/index.js';
import { settingsRoutes } from '../features/settings/index.js';
import { AppRoot } from './app-root.js';
import { CallbackRoute, SelectSystemRoute } from './routes/connected.js';
import { RootRedirect } from './routes/redirects.js';

/**
 * The guarded routes of every built feature, from each one's index.ts. A new module adds its
 * array here.
 */
const featureRoutes: readonly RouteObject[][] = [
  dashboardRoutes,
  profileRoutes,
  settingsRoutes,
  partesRoutes,
  localizacionRoutes,
  conceptosRoutes,
  andamiosRoutes,
  maquinariaRoutes,
  flotaRoutes,
  comercialRoutes,
  finanzasRoutes,
  notasComprasRoutes,
  obrasRoutes,
  logisticaRoutes,
];

/** Every page inside the application frame (navbar), each with its guard. */
const shellRoutes: RouteObject[] = [
  ...featureRoutes.flat(),
  guarded(
    paths.transportes.path,
    'redirect.transportes',
    <Navigate to={paths.dashboard.getHref()} replace />,
  ),
  guarded(
    paths.verticales.path,
    'redirect.verticales',
    <Navigate to={paths.obras.list.getHref()} replace />,
  ),
];

/** The whole route table (SPEC 2.1, 2.2, 2.11, 2.12). */
export const appRoutes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RootRouteError />,
    // Shown while a lazy route of the first page arrives (the same as the configuration's).
    hydrateFallbackElement: <FullPageLoader message="Iniciando aplicación..." />,
    children: [
      { path: paths.home.path, element: <RootRedirect /> },
      { path: paths.selectSystem.path, element: <SelectSystemRoute /> },
      { path: paths.callback.path, element: <CallbackRoute /> },
      {
        // Inside the application frame when signed in with a system chosen (status-route.tsx).
        element: <StatusRoute />,
        children: [
          { path: paths.unauthorized.path, element: <UnauthorizedPage /> },
          { path: paths.notFound.path, element: <NotFoundPage /> },
        ],
      },
      {
        // The application frame (navbar, user menu, system switcher and their libraries) is a
        // chunk of its own, so the signed-out pages never load it (issue 13). A route's `lazy`
        // starts as soon as the router matches it, beside the configuration and the SDK.
        lazy: () =>
          import('../components/layout/app-layout.js').then((module) => ({
            Component: module.AppLayout,
          })),
        children: [{ errorElement: <PageRouteError />, children: shellRoutes }],
      },
      { path: '*', element: <Navigate to={paths.notFound.getHref()} replace /> },
    ],
  },
];

/**
 * Starts downloading the code of the page the router matched (its routes' `preload`,
 * guarded-route.tsx) without waiting for the session check that the guard needs before it renders
 * the page.
 */
export const preloadScreensOf = (matches: readonly { route: RouteObject }[]) => {
  for (const { route } of matches) {
    (route.handle as RouteHandle | undefined)?.preload?.().catch(() => undefined);
    // The application frame's chunk (a lazy route) too: the router asked for it only once the
    // screen's chunks had arrived, about 0.8 s later on the signed-in list (issue 13).
    const { lazy } = route;
    if (typeof lazy === 'function') Promise.resolve(lazy()).catch(() => undefined);
  }
};

export const createAppRouter = () => {
  const router = createBrowserRouter(appRoutes);
  // The router's own first match: matching the table again cost as much as creating the router
  // (a third of the selection page's first long task on a throttled phone, issue 13).
  preloadScreensOf(router.state.matches);
  return router;
};

export type AppRouter = ReturnType<typeof createAppRouter>;
