import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useAuthContext } from '../../lib/auth-context.js';
import { useSystem } from '../../lib/system-context.js';

// The frame is a chunk of its own (router.tsx): a signed-out visitor's status page never loads it.
const AppLayout = lazy(() =>
  import('../layout/app-layout.js').then((module) => ({ default: module.AppLayout })),
);

/**
 * The frame of the status pages (SPEC 2.8, "Página no encontrada" and "Acceso no autorizado"): a
 * signed-in user with a system chosen sees them inside the application frame, with the navbar of
 * that system, instead of on a dead end (issue 14); anyone else sees the full-page card. While
 * the session is being restored a chosen system already means the frame (the navbar's
 * placeholder holds its room): a signed-out tab has no system chosen.
 */
export const StatusRoute = () => {
  const { isAuthenticated, isLoading } = useAuthContext();
  const { currentSystem } = useSystem();
  if (!currentSystem || !(isAuthenticated || isLoading)) return <Outlet />;
  return (
    <Suspense fallback={null}>
      <AppLayout />
    </Suspense>
  );
};
