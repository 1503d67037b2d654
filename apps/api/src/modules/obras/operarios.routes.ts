import { z } from 'zod';
import { historialQuerySchema } from '@tvsistema/domain/historial';
import {
  operarioCreateSchema,
  operarioListQuerySchema,
  operarioSchema,
  operarioUpdateSchema,
} from '@tvsistema/domain/obras';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/auth.plugin.js';
import { errorSchema, idParamsSchema, pageResponseSchema } from '../../http/schemas.js';
import { expectedVersion, withVersionTag } from '../../http/versioning.js';
import type { ModuleContext } from '../../module.js';
import { historialResponseSchema } from '../historial/index.js';
import { createOperariosService } from './operarios.service.js';

// §6 /api/operarios: the rope-access workers of Trabajos Verticales (obras.view / obras.edit).

const tags = ['operarios'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const record = z.object({ data: operarioSchema });

export const operariosRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, today },
) => {
  const service = createOperariosService(database, today);

  app.get(
    '/operarios',
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Lista de operarios (aptoEn: solo los aptos ese día)',
        querystring: operarioListQuerySchema,
        response: { 200: pageResponseSchema(operarioSchema), ...errors },
      },
    },
    async (request) => service.list(currentUser(request), request.query),
  );

  app.get(
    '/operarios/:id',
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Operario con su aptitud de hoy',
        params: idParamsSchema,
        response: { 200: record, 404: errorSchema, ...errors },
      },
    },
    async (request, reply) => ({
      data: withVersionTag(reply, await service.get(request.params.id)),
    }),
  );

  app.get(
    '/operarios/:id/historial',
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Historial de cambios del operario',
        params: idParamsSchema,
        querystring: historialQuerySchema,
        response: { 200: historialResponseSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => service.history(request.params.id, request.query),
  );

  app.post(
    '/operarios',
    {
      config: { permission: 'obras.edit' },
      schema: {
        tags,
        summary: 'Alta de operario',
        body: operarioCreateSchema,
        response: { 201: record, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.create(currentUser(request), request.body);
      return reply.code(201).send({ data: withVersionTag(reply, data) });
    },
  );

  app.put(
    '/operarios/:id',
    {
      config: { permission: 'obras.edit' },
      schema: {
        tags,
        summary: 'Modificación del operario (los operarios no se eliminan: se desactivan)',
        params: idParamsSchema,
        body: operarioUpdateSchema,
        response: { 200: record, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { version, empresa: _empresa, ...input } = request.body;
      const data = await service.update(
        currentUser(request),
        request.params.id,
        input,
        expectedVersion(request, version),
      );
      return { data: withVersionTag(reply, data) };
    },
  );
};
