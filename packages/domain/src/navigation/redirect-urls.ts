import { shouldStoreReturnPath } from './special-routes.js';

const withReturnTo = (base: string, returnTo: string | null | undefined): string =>
  returnTo && shouldStoreReturnPath(returnTo)
    ? `${base}?returnTo=${encodeURIComponent(returnTo)}`
    : base;

/** /select-system, carrying the page the user wanted when there is one worth returning to. */
export const selectSystemUrl = (returnTo?: string | null): string =>
  withReturnTo('/select-system', returnTo);

/** /unauthorized, carrying the refused page so the screen can offer a way back. */
export const unauthorizedUrl = (returnTo?: string | null): string =>
  withReturnTo('/unauthorized', returnTo);

/** The returnTo query parameter of a path such as "/select-system?returnTo=%2Fclientes". */
export const returnToParam = (path: unknown): string | null => {
  if (typeof path !== 'string') return null;
  const query = path.indexOf('?');
  if (query < 0) return null;
  return new URLSearchParams(path.slice(query + 1).split('#', 1)[0]).get('returnTo');
};
