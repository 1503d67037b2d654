import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module.js';
import { andamiosRoutes } from './andamios.routes.js';
import { conceptosRoutes } from './conceptos.routes.js';
import { maquinasRoutes } from './maquinas.routes.js';
import { opcionesRoutes } from './opciones.routes.js';
import { tallerRoutes } from './taller.routes.js';
import { permitirPreparadas } from './lectura.repository.js';

/** Every inventario route (§6), each resource in its own file. */
export const inventarioRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, config, today },
) => {
  // Only the context: the options also carry the module's prefix, which must not apply twice.
  const context = { database, config, today };
  // The pool's reads run prepared (lectura.repository.ts); a caller's transaction never does.
  permitirPreparadas(database);
  await app.register(conceptosRoutes, context);
  await app.register(maquinasRoutes, context);
  await app.register(andamiosRoutes, context);
  await app.register(opcionesRoutes, context);
  await app.register(tallerRoutes, context);
};
