import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { can, isPermission } from '@tvsistema/domain/auth';
import type { Permission } from '@tvsistema/domain/auth';
import { HttpError, API_MESSAGES } from './errors.js';

/** What a route declares in `config.permission`: a key of the domain's permission table, or 'public'. */
export type RoutePermission = Permission | 'public';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges only into interfaces
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges only into interfaces
  interface FastifyInstance {
    /** Every route registered so far with its permission, in registration order. */
    readonly routePermissions: readonly RoutePermissionEntry[];
    /** The query and body fields each route's schema declares, by `METHOD url`. */
    readonly routeInputs: ReadonlyMap<string, RouteInputs>;
  }
}

export type RoutePermissionEntry = { method: string; url: string; permission: RoutePermission };

/**
 * The top-level fields of a route's query and body schemas (zod objects). The authorization
 * matrix test reads them to know which routes are scoped by `empresa`, without a list by hand.
 */
export type RouteInputs = { query: readonly string[]; body: readonly string[] };

const fieldsOf = (schema: unknown): string[] => {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return shape !== null && typeof shape === 'object' ? Object.keys(shape) : [];
};

/** The query and body fields of `method url`, or empty lists for a route that declares none. */
export const routeInputsOf = (app: FastifyInstance, method: string, url: string): RouteInputs =>
  app.routeInputs.get(`${method} ${url}`) ?? { query: [], body: [] };

/**
 * Routes that plugins register for themselves (they cannot carry our config): the OpenAPI
 * document and Swagger UI's page and assets. They are public; nothing else is exempt.
 */
export const PLUGIN_PUBLIC_PREFIXES = ['/api/docs'] as const;

const isPluginOwned = (url: string) =>
  PLUGIN_PUBLIC_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

export class RoutePermissionError extends Error {
  constructor(method: string, url: string, detail: string) {
    super(`Route ${method} ${url}: ${detail}`);
    this.name = 'RoutePermissionError';
  }
}

const toArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const authorize =
  (permission: Permission): onRequestHookHandler =>
  async (request: FastifyRequest) => {
    const user = await request.server.authenticate(request);
    if (!can(user.roles, permission)) throw new HttpError(403, API_MESSAGES.forbidden);
  };

/**
 * Makes every route say who may call it. A route without `config.permission`, or with a key the
 * domain does not know, throws while it is registered, so the app never starts (app.ready()
 * rejects). Protected routes check the token and the permission in `onRequest`, before the body is
 * read or validated: an anonymous caller gets 401, never a 400 that reveals the schema.
 */
export function registerPermissions(app: FastifyInstance): void {
  const entries: RoutePermissionEntry[] = [];
  const inputs = new Map<string, RouteInputs>();
  app.decorate('routePermissions', {
    getter: () => entries,
  });
  app.decorate('routeInputs', {
    getter: () => inputs,
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = toArray(route.method);
    let permission: unknown = route.config?.permission;
    if (permission === undefined && isPluginOwned(route.url)) {
      permission = 'public';
      route.config = { ...route.config, permission: 'public' };
    }
    if (permission === undefined) {
      throw new RoutePermissionError(
        methods.join(','),
        route.url,
        "declares no permission: add config: { permission: '<key>' | 'public' }",
      );
    }
    if (permission !== 'public' && (typeof permission !== 'string' || !isPermission(permission))) {
      throw new RoutePermissionError(
        methods.join(','),
        route.url,
        `unknown permission "${String(permission)}"`,
      );
    }
    const routeInputs = {
      query: fieldsOf(route.schema?.querystring),
      body: fieldsOf(route.schema?.body),
    };
    for (const method of methods) {
      entries.push({ method, url: route.url, permission });
      inputs.set(`${method} ${route.url}`, routeInputs);
    }
    if (permission !== 'public') {
      // A new array: Fastify builds the automatic HEAD route from the original options.
      route.onRequest = [authorize(permission), ...toArray(route.onRequest)];
    }
  });
}

/**
 * The API's routes with their permissions, sorted by URL then method, without the HEAD routes
 * Fastify adds for every GET.
 */
export function listRoutePermissions(app: FastifyInstance): RoutePermissionEntry[] {
  const gets = new Set(
    app.routePermissions.filter((entry) => entry.method === 'GET').map((entry) => entry.url),
  );
  return app.routePermissions
    .filter((entry) => !(entry.method === 'HEAD' && gets.has(entry.url)))
    .toSorted((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}
