// History, a platform service every module calls (modules/README.md "History"): the shared audit
// table, `registrarHistorial` inside each write's transaction, and `leerHistorial` behind each
// resource's `GET …/{id}/historial` (the resource's module mounts it, with its own permission).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module.js';
import { historial } from './historial.table.js';

export const routes: FastifyPluginAsyncZod<ModuleContext> = async () => {};
export const tables = { historial } as const;

export { leerHistorial, registrarHistorial } from './historial.service.js';
export type { Cambiado } from './historial.service.js';
export { historialResponseSchema } from './historial.schemas.js';
