// Document numbering, a platform service every issuing module calls (presupuestos, alquileres,
// albaranes, facturas, compras, obras): no routes of its own.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module.js';
import { contadoresDocumentos } from './numeracion.table.js';

export const routes: FastifyPluginAsyncZod<ModuleContext> = async () => {};
export const tables = { contadoresDocumentos } as const;

export { asignarNumero } from './numeracion.service.js';
export type { NumeroDocumento } from './numeracion.service.js';
export { ultimaSecuencia } from './numeracion.repository.js';
export type { Serie } from './numeracion.repository.js';
