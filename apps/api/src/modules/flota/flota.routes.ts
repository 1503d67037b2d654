import { FLOTA_MESSAGES as M } from '@tvsistema/domain/flota';
import { canAccessEmpresa } from '@tvsistema/domain/systems';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/auth.plugin.js';
import { API_MESSAGES, HttpError, notFound } from '../../http/errors.js';
import type { ModuleContext } from '../../module.js';
import { camionesRoutes } from './camiones.routes.js';
import { conductoresRoutes } from './conductores.routes.js';
import { registrosRoutes } from './registros.routes.js';

/**
 * Every fleet route (§6). Empresa scoping on top of the permission (§7, decision 9): the fleet
 * is Mallorca Transporta's, so a caller who cannot reach the transportes system gets 403 on
 * lists and creates and 404 on a record.
 */
export const flotaRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, config, today },
) => {
  app.addHook('preValidation', async (request) => {
    if (canAccessEmpresa(currentUser(request).roles, 'transporte')) return;
    const params = request.params as Record<string, string> | undefined;
    if (params?.id)
      throw notFound(
        request.url.startsWith('/api/conductores')
          ? M.conductorNoEncontrado
          : M.vehiculoNoEncontrado,
      );
    throw new HttpError(403, API_MESSAGES.forbidden);
  });
  const context = { database, config, today };
  await app.register(camionesRoutes, context);
  await app.register(registrosRoutes, context);
  await app.register(conductoresRoutes, context);
};
