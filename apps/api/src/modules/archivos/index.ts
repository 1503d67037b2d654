// Files, a platform service (modules/README.md "Files"): the metadata table and the routes a
// module mounts for its records' documents, with its own permissions.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module.js';
import { archivos } from './archivos.table.js';

export const routes: FastifyPluginAsyncZod<ModuleContext> = async () => {};
export const tables = { archivos } as const;

export { registerArchivoRoutes } from './archivos.routes.js';
export type { ArchivoRoutesOptions } from './archivos.routes.js';
export type { Propietario } from './archivos.repository.js';
