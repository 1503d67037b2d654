import { z } from 'zod';
import { ROLES } from '@tvsistema/domain/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/auth.plugin.js';
import { messageErrorSchema } from '../../http/schemas.js';
import type { ModuleContext } from '../../module.js';

const publicConfigSchema = z.object({
  auth: z.object({
    domain: z.string(),
    clientId: z.string(),
    audience: z.string(),
    claimsNamespace: z.string(),
    organization: z.string().optional(),
  }),
});

/** What GET /api/config returns: the SPA's identity settings, read at run time. */
export type PublicConfig = z.infer<typeof publicConfigSchema>;

const sessionUserSchema = z.object({
  sub: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
});

export const sessionRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config }) => {
  const { auth } = config;
  const publicConfig: PublicConfig = {
    auth: {
      domain: auth.domain,
      clientId: auth.clientId,
      audience: auth.audience,
      claimsNamespace: auth.claimsNamespace,
      ...(auth.organization ? { organization: auth.organization } : {}),
    },
  };

  app.get(
    '/config',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Configuración de identidad para la aplicación web',
        response: { 200: publicConfigSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(publicConfig),
  );

  app.get(
    '/me',
    {
      config: { permission: 'session.view' },
      schema: {
        tags: ['sesión'],
        summary: 'Usuario del token de acceso, con los roles que la API le reconoce',
        security: [{ bearerAuth: [] }],
        response: { 200: sessionUserSchema, 401: messageErrorSchema },
      },
    },
    async (request) => {
      const { sub, email, roles } = currentUser(request);
      return { sub, email, roles };
    },
  );
};
