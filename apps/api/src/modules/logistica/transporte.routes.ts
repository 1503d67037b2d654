import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module.js';

// §6 transport albaranes: /api/albaranes/transporte (filled in by priority 3).
export const transporteRoutes: FastifyPluginAsyncZod<ModuleContext> = async () => {};
