import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module.js';

export const inventarioRoutes: FastifyPluginAsyncZod<ModuleContext> = async () => {};
