import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { parteRoutes } from './partes.routes.js';

/** /api/clientes: clients on the supplier model with the client accounting set (DESIGN 1). */
export const clientesRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  await app.register(parteRoutes, {
    database,
    tipo: 'cliente',
    resource: 'clientes',
    permissions: { view: 'clientes.view', edit: 'clientes.edit' },
    tag: 'clientes',
  });
};
