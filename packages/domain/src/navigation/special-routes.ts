import { normalizePath } from './normalize-path.js';

/** SPEC 2.1: routes exempt from system checks. Matched exactly, never as prefixes. */
export const SPECIAL_ROUTES = [
  '/callback',
  '/select-system',
  '/unauthorized',
  '/not-found',
  '/',
] as const;
export type SpecialRoute = (typeof SPECIAL_ROUTES)[number];

const SPECIAL: ReadonlySet<string> = new Set(SPECIAL_ROUTES);

export const isSpecialRoute = (path: unknown): boolean => SPECIAL.has(normalizePath(path));

/** SPEC 2.4/2.5: a visit to these is never worth returning to after sign-in. */
const NOT_STORED: ReadonlySet<string> = new Set(['/', '/callback', '/select-system']);

export const shouldStoreReturnPath = (path: unknown): boolean =>
  typeof path === 'string' && path.startsWith('/') && !NOT_STORED.has(normalizePath(path));
