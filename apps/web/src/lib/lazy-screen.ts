import { lazy, type ComponentType } from 'react';

/** Starts downloading a screen's code; the route table keeps it as the route's `handle`. */
export type ScreenPreload = () => Promise<unknown>;

export type RouteHandle = { preload?: ScreenPreload };

/**
 * React.lazy with its loader exposed. A lazy screen otherwise starts downloading only when its
 * guard renders it, after the runtime configuration and the session check; the router calls
 * `preload` for the page being opened at start instead (router.tsx, issue 13: the signed-in list's
 * largest paint on a phone). The browser fetches a module once, so React.lazy's own call later
 * gets the same download.
 */
// React.lazy's own bound: a component of any props, which the returned component keeps.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const lazyScreen = <T extends ComponentType<any>>(load: () => Promise<{ default: T }>) =>
  Object.assign(lazy(load), { preload: load as ScreenPreload });
