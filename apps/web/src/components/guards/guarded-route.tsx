import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { Permission } from '@tvsistema/domain';
import type { RouteHandle, ScreenPreload } from '../../lib/lazy-screen.js';
import { RequireAccess } from './require-access.js';

/**
 * A page behind the route guard of SPEC 2.5 with its permission from the SPEC 6 table. `preload`
 * (a lazy screen's, lib/lazy-screen.ts) lets the router fetch the page's code while the session
 * is still being checked.
 */
export const guarded = (
  path: string,
  permission: Permission,
  element: ReactNode,
  preload?: ScreenPreload,
): RouteObject => ({
  path,
  element: <RequireAccess permission={permission}>{element}</RequireAccess>,
  ...(preload && { handle: { preload } satisfies RouteHandle }),
});
