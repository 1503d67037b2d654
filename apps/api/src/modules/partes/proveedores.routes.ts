import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { parteRoutes } from './partes.routes.js';

/** /api/proveedores: suppliers (SPEC 7); list for any signed-in user, new/edit per SPEC 6. */
export const proveedoresRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  await app.register(parteRoutes, {
    database,
    tipo: 'proveedor',
    resource: 'proveedores',
    permissions: { view: 'proveedores.view', edit: 'proveedores.edit' },
    tag: 'proveedores',
  });
};
