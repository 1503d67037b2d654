import { createBrowserRouter, Navigate } from 'react-router';
import { paths } from '../config/paths.js';
import { AuthHome } from '../features/auth/components/auth-home.js';
import { CallbackPage } from '../features/auth/components/callback-page.js';

export const createAppRouter = () =>
  createBrowserRouter([
    { path: paths.home.path, element: <AuthHome /> },
    { path: paths.callback.path, element: <CallbackPage /> },
    // Until the not-found page exists, an unknown path lands on the start page.
    { path: '*', element: <Navigate to={paths.home.getHref()} replace /> },
  ]);

export type AppRouter = ReturnType<typeof createAppRouter>;
