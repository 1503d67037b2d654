import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emisorInputSchema, emisorSchema } from '@tvsistema/domain/finanzas';
import { currentUser } from '../../auth/auth.plugin.js';
import { errorSchema } from '../../http/schemas.js';
import { expectedVersion, withVersionTag } from '../../http/versioning.js';
import type { ModuleContext } from '../../module.js';
import { createEmisoresService } from './emisores.service.js';
import { comprasRoutes } from './compras.routes.js';
import { facturasRoutes } from './facturas.routes.js';
import { fiscalRoutes } from './fiscal.routes.js';
import { modoEnvio, senderDe } from './verifactu.service.js';
import { crearWorkerVerifactu } from './verifactu.worker.js';

const TAGS = ['facturas'];
const params = z.object({ empresa: z.string() });

/** /api/facturas/emisores/{empresa}: the empresa's legal data (finanzas.md §2). */
export const finanzasRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, context) => {
  const { database } = context;
  const service = createEmisoresService(database);
  // The options of this plugin carry its prefix: the child gets the context alone.
  const { prefix: _prefix, ...contexto } = context as ModuleContext & { prefix?: string };
  await app.register(facturasRoutes, contexto);
  // Rule 13: with the real AEAT (aeat, aeat-pruebas) a worker per replica sends the pending
  // records. The certificate is read here: a missing or unreadable one stops the start-up with
  // its Spanish reason, rather than leaving the records unsent in silence. In every mode the
  // same worker sends a record's NIF at once on "Reintentar envío".
  const modo = modoEnvio();
  const worker = crearWorkerVerifactu({ db: database.db, sender: senderDe(modo), log: app.log });
  if (modo === 'aeat' || modo === 'aeat-pruebas') {
    app.addHook('onReady', async () => worker.iniciar());
    app.addHook('onClose', async () => worker.parar());
  }
  await app.register(fiscalRoutes, { ...contexto, verifactu: worker });
  await app.register(comprasRoutes, contexto);

  app.get(
    '/facturas/emisores/:empresa',
    {
      config: { permission: 'facturacion.fiscal' },
      schema: {
        tags: TAGS,
        summary: 'Datos legales de la empresa (emisor de sus documentos)',
        description: 'Sin datos guardados responde los valores por defecto con `version` 0.',
        params,
        response: { 200: z.object({ data: emisorSchema }), 404: errorSchema },
      },
    },
    async (request, reply) => ({
      data: withVersionTag(reply, await service.get(request.params.empresa)),
    }),
  );

  app.put(
    '/facturas/emisores/:empresa',
    {
      config: { permission: 'facturacion.fiscal' },
      schema: {
        tags: TAGS,
        summary: 'Guardar los datos legales de la empresa',
        description:
          'Lleva la versión leída (`version` o `If-Match`; 0 la primera vez). 409 si han cambiado desde entonces.',
        params,
        body: emisorInputSchema,
        response: {
          200: z.object({ data: emisorSchema }),
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { version, ...input } = request.body;
      const data = await service.put(
        currentUser(request),
        request.params.empresa,
        { ...input, version },
        expectedVersion(request, version),
      );
      return { data: withVersionTag(reply, data) };
    },
  );
};
