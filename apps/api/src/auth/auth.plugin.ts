import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors as joseErrors } from 'jose';
import { rolesFromClaims } from '@tvsistema/domain/auth';
import type { Role } from '@tvsistema/domain/auth';
import { HttpError, API_MESSAGES } from '../http/errors.js';
import type { TokenVerifier } from './verify-token.js';

/** The signed-in caller, as the API sees them. */
export type AuthUser = {
  sub: string;
  email: string | null;
  /** The display name ("Ana Administradora"), when the token carries one; records that name a person use it. */
  name?: string;
  roles: Role[];
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges only into interfaces
  interface FastifyRequest {
    /** Set by `authenticate`; null on public routes. */
    user: AuthUser | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges only into interfaces
  interface FastifyInstance {
    /** Verifies the Bearer token and sets request.user, or throws a 401 HttpError. */
    authenticate(request: FastifyRequest): Promise<AuthUser>;
  }
}

const unauthorized = (message: string, error?: 'invalid_token') =>
  new HttpError(401, message, {
    // RFC 6750: tells clients the scheme, and whether the token (rather than its absence) was the problem.
    headers: {
      'www-authenticate': error ? `Bearer realm="api", error="${error}"` : 'Bearer realm="api"',
    },
  });

/** The Bearer token of the Authorization header, if any (not yet verified). */
export const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer[ ]+([^ ]+)[ ]*$/i.exec(header);
  return match?.[1];
};

// A token that fails verification is the caller's problem (401); keys we cannot fetch are ours
// (503), and answering 401 would make the web sign a valid user out.
const isProviderUnavailable = (error: unknown): boolean =>
  !(error instanceof joseErrors.JOSEError) ||
  error instanceof joseErrors.JWKSTimeout ||
  // jose throws the generic class only for a JWKS response that is not a 200 with JSON.
  error.code === joseErrors.JOSEError.code;

const emailOf = (payload: Readonly<Record<string, unknown>>, namespace: string): string | null => {
  // Auth0 puts no standard `email` in access tokens; an Action adds it under the namespace.
  const email = payload.email ?? payload[`${namespace}email`];
  return typeof email === 'string' ? email : null;
};

const nameOf = (payload: Readonly<Record<string, unknown>>, namespace: string): string | null => {
  // As the email: the Auth0 Action adds the user's name under the namespace (README).
  const name = payload.name ?? payload[`${namespace}name`];
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
};

/**
 * The caller of a protected route. Authentication runs before every non-public handler, so this
 * only throws if a public route asks for a user.
 */
export const currentUser = (request: FastifyRequest): AuthUser => {
  if (!request.user) throw new Error(`${request.method} ${request.url}: no authenticated user`);
  return request.user;
};

/**
 * How a document names the person who made it ("Generado … por {usuario}", an obra's
 * responsable): the token's display name, else the email, else the subject. History and audit
 * columns keep the email (decision 0019).
 */
export const userDisplayName = (user: Pick<AuthUser, 'sub' | 'email' | 'name'> | undefined) =>
  user?.name ?? user?.email ?? user?.sub ?? null;

export function registerAuth(
  app: FastifyInstance,
  options: { verifyToken: TokenVerifier; claimsNamespace: string },
): void {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest): Promise<AuthUser> => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(API_MESSAGES.missingToken);
    let payload: Readonly<Record<string, unknown>>;
    try {
      payload = await options.verifyToken(token);
    } catch (error) {
      if (isProviderUnavailable(error)) {
        request.log.error({ err: error }, 'Cannot fetch the identity provider keys');
        throw new HttpError(503, API_MESSAGES.authUnavailable, {
          headers: { 'retry-after': '10' },
        });
      }
      request.log.info(
        { reason: error instanceof Error ? error.message : String(error) },
        'Rejected access token',
      );
      throw unauthorized(API_MESSAGES.invalidToken, 'invalid_token');
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') {
      throw unauthorized(API_MESSAGES.invalidToken, 'invalid_token');
    }
    const name = nameOf(payload, options.claimsNamespace);
    const user: AuthUser = {
      sub: payload.sub,
      email: emailOf(payload, options.claimsNamespace),
      ...(name === null ? {} : { name }),
      roles: rolesFromClaims(payload, options.claimsNamespace),
    };
    request.user = user;
    return user;
  });
}
