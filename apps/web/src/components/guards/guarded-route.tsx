import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { Permission } from '@tvsistema/domain';
import { RequireAccess } from './require-access.js';

/** A page behind the route guard of SPEC 2.5 with its permission from the SPEC 6 table. */
export const guarded = (path: string, permission: Permission, element: ReactNode): RouteObject => ({
  path,
  element: <RequireAccess permission={permission}>{element}</RequireAccess>,
});
