import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferenciasInputSchema, preferenciasSchema } from '@tvsistema/domain/preferencias';
import { currentUser } from '../../auth/auth.plugin.js';
import { errorSchema } from '../../http/schemas.js';
import type { ModuleContext } from '../../module.js';
import { createPreferenciasService } from './preferencias.service.js';

const TAGS = ['preferencias'];

/**
 * /api/preferencias: the caller's own preferences (issue 14). Every signed-in user reads and
 * writes theirs (`session.view`); there is no route to anybody else's.
 */
export const preferenciasRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database },
) => {
  const service = createPreferenciasService(database.db);

  app.get(
    '/preferencias',
    {
      config: { permission: 'session.view' },
      schema: {
        tags: TAGS,
        summary: 'Preferencias personales del usuario del token',
        description: 'Sin preferencias guardadas responde los valores por defecto.',
        security: [{ bearerAuth: [] }],
        response: { 200: z.object({ data: preferenciasSchema }) },
      },
    },
    async (request) => ({ data: await service.get(currentUser(request)) }),
  );

  app.put(
    '/preferencias',
    {
      config: { permission: 'session.view' },
      schema: {
        tags: TAGS,
        summary: 'Guardar las preferencias personales del usuario del token',
        description:
          'El registro completo; el sistema por defecto debe ser uno de los que el usuario puede usar.',
        security: [{ bearerAuth: [] }],
        body: preferenciasInputSchema,
        response: { 200: z.object({ data: preferenciasSchema }), 400: errorSchema },
      },
    },
    async (request) => ({ data: await service.put(currentUser(request), request.body) }),
  );
};
