import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CrashScreen } from './crash-screen.js';
import { PageError } from './page-error.js';

const detailOf = (error: unknown): string | undefined => {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  return error instanceof Error ? error.message : undefined;
};

const useLoggedRouteError = () => {
  const error = useRouteError();
  console.error('Error al mostrar la ruta', error);
  return detailOf(error);
};

/** The router's error element for the whole app: the crash screen. */
export const RootRouteError = () => {
  const detail = useLoggedRouteError();
  return <CrashScreen {...(detail ? { detail } : {})} />;
};

/** The router's error element for a page inside the layout: the page-level fallback. */
export const PageRouteError = () => {
  const detail = useLoggedRouteError();
  return <PageError {...(detail ? { detail } : {})} />;
};
