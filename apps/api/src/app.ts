import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerToken, registerAuth } from './auth/auth.plugin.js';
import { createRemoteTokenVerifier } from './auth/verify-token.js';
import type { TokenVerifier } from './auth/verify-token.js';
import type { ApiConfig } from './config.js';
import type { Database } from './db/database.js';
import {
  API_MESSAGES,
  clientErrorHandler,
  HttpError,
  installErrorHandling,
} from './http/errors.js';
import type { ErrorBody } from './http/errors.js';
import { registerRequestContext } from './http/request-context.js';
import { registerPermissions } from './http/permissions.plugin.js';
import { hasWebBuild, registerStaticWeb } from './http/static-web.js';
import { userRateLimit } from './http/user-rate-limit.js';
import { API_MODULES, FUENTES_FACTURABLES } from './modules/index.js';
import type { Now, Today } from './module.js';
import { diaEnMadrid } from '@tvsistema/domain/format';

export type BuildAppOptions = {
  config: ApiConfig;
  database: Database;
  /** Replaces the remote JWKS verifier (tests use a local key set). */
  verifyToken?: TokenVerifier;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** "Hoy" for the modules' date rules; Madrid's calendar day unless a test fixes it. */
  today?: Today;
  /** The current instant (finanzas' VERI*FACTU records); the clock unless a test fixes it. */
  now?: Now;
};

export const DOCS_PREFIX = '/api/docs';
const HEALTH_URL = '/api/health';

// A caller (or the load balancer) may pass its own id to follow a request across services; only a
// short token-like value is taken, so nothing odd lands in the logs.
const requestIdOf = (request: IncomingMessage): string => {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && /^[\w.:-]{1,128}$/.test(header) ? header : randomUUID();
};

const contentSecurityPolicy = (authDomain: string) => ({
  useDefaults: true,
  directives: {
    // The SPA calls the identity provider (token endpoint) and embeds it in a hidden frame (silent renewal).
    'connect-src': ["'self'", authDomain],
    'frame-src': [authDomain],
    // Profile pictures come from the provider's (or Gravatar's) servers. Signatures, photos and
    // thumbnails are fetched with the bearer token and shown from blob: URLs.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'worker-src': ["'self'", 'blob:'],
    // TLS is the front proxy's business; on plain http://localhost this directive would break requests.
    'upgrade-insecure-requests': null,
  },
});

/**
 * The API with its platform (logging, security headers, rate limit, OpenAPI, auth, permissions,
 * errors, the SPA) and its modules. Not yet listening or ready: callers may still add routes.
 */
export async function buildApp({
  config,
  database,
  verifyToken,
  logStream,
  today = () => diaEnMadrid(),
  now = () => new Date(),
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // "incoming request" lines name the path, never the query string (search terms, documents).
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: request.url.split('?')[0],
          remoteAddress: request.ip,
        }),
      },
    },
    genReqId: requestIdOf,
    // Node's parser errors (431 headers over 16 KB, 408, 400) in our Spanish `{ message }` shape.
    clientErrorHandler,
    trustProxy: config.trustProxy,
    // Errors raised before routing (a malformed percent-encoding) skip the error handler.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      // The error's message quotes the URL (query values included): the code is enough.
      request.log.info({ code: error.code }, 'Bad request before routing');
      reply.code(400).send({ message: API_MESSAGES.badRequest } satisfies ErrorBody);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First hook: everything after it (the history service included) knows the request id.
  registerRequestContext(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Security headers, built once. (@fastify/helmet rebuilt helmet's middleware, CSP parsing
  // included, on every request: 3–5 % of the API's CPU under load.)
  const securityHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config.auth.domain),
    // The Auth0 SDK's popup login talks to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  const verify = verifyToken ?? createRemoteTokenVerifier(config.auth);
  const isHealth = (request: FastifyRequest) => request.url === HEALTH_URL;

  // Per client address: anonymous and total traffic (an office behind one NAT shares it).
  await app.register(rateLimit, {
    global: false,
    max: config.rateLimitAddressMax,
    timeWindow: '1 minute',
    allowList: (request) => request.url === HEALTH_URL,
    errorResponseBuilder: () => new HttpError(429, API_MESSAGES.tooManyRequests),
  });
  // As an app-wide hook it also covers the SPA's files and unknown URLs, and runs before authentication.
  app.addHook('onRequest', app.rateLimit());
  // Per signed-in user, from the verified token (the verifier remembers tokens, so this costs a
  // cache lookup; authentication then finds the same entry).
  app.addHook(
    'onRequest',
    userRateLimit({
      max: config.rateLimitMax,
      exempt: isHealth,
      subjectOf: async (request) => {
        const token = bearerToken(request);
        if (!token) return undefined;
        const payload = await verify(token).catch(() => undefined);
        return typeof payload?.sub === 'string' && payload.sub !== '' ? payload.sub : undefined;
      },
    }),
  );

  registerAuth(app, {
    verifyToken: verify,
    claimsNamespace: config.auth.claimsNamespace,
  });
  registerPermissions(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'TVSistema API',
        description:
          'API del back-office de TVSistema. Los errores devuelven `{ message }` (y `errors` en 400).',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      const permission = document.route.config?.permission;
      if (!permission || permission === 'public') return transformed;
      const description = [document.schema.description, `Permiso: \`${permission}\``]
        .filter(Boolean)
        .join('\n\n');
      return {
        ...transformed,
        schema: { ...transformed.schema, description, security: [{ bearerAuth: [] }] },
      };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null },
  });

  (await import('./http/compression.js')).registerCompression(app);
  const fallback = hasWebBuild(config.webDistDir)
    ? await registerStaticWeb(app, config.webDistDir)
    : undefined;
  if (config.webDistDir && !fallback) {
    app.log.warn(
      { webDistDir: config.webDistDir },
      'No index.html in the web build folder: the SPA is not served',
    );
  }
  installErrorHandling(app, fallback ? { fallback } : {});

  // The modules, after the platform they rely on (swagger must see their routes), in list order.
  for (const module of API_MODULES) {
    await app.register(module.routes, {
      prefix: module.prefix,
      database,
      config,
      today,
      now,
      fuentesFacturables: FUENTES_FACTURABLES,
    });
  }

  return app;
}
