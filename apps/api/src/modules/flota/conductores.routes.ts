import { z } from 'zod';
import {
  conductorCreateSchema,
  conductorListQuerySchema,
  conductorSchema,
  conductorUpdateSchema,
} from '@tvsistema/domain/flota';
import { historialQuerySchema } from '@tvsistema/domain/historial';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/auth.plugin.js';
import { errorSchema, idParamsSchema, pageResponseSchema } from '../../http/schemas.js';
import { expectedVersion, withVersionTag } from '../../http/versioning.js';
import type { ModuleContext } from '../../module.js';
import { historialResponseSchema } from '../historial/index.js';
import { createConductoresService } from './conductores.service.js';

// §6 /api/conductores: drivers are never deleted (deactivate).

const tags = ['flota'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const record = z.object({ data: conductorSchema });

export const conductoresRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, today },
) => {
  const service = createConductoresService(database, today);
  app.get(
    '/conductores',
    {
      config: { permission: 'camiones.view' },
      schema: {
        tags,
        summary: 'Conductores con búsqueda por nombre o documento',
        querystring: conductorListQuerySchema,
        response: { 200: pageResponseSchema(conductorSchema), ...errors },
      },
    },
    async (request) => service.list(request.query),
  );
  app.get(
    '/conductores/:id',
    {
      config: { permission: 'camiones.view' },
      schema: {
        tags,
        summary: 'Ficha del conductor',
        params: idParamsSchema,
        response: { 200: record, 404: errorSchema, ...errors },
      },
    },
    async (request, reply) => ({
      data: withVersionTag(reply, await service.get(request.params.id)),
    }),
  );
  app.get(
    '/conductores/:id/historial',
    {
      config: { permission: 'camiones.view' },
      schema: {
        tags,
        summary: 'Historial del conductor',
        params: idParamsSchema,
        querystring: historialQuerySchema,
        response: { 200: historialResponseSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => service.history(request.params.id, request.query),
  );
  app.post(
    '/conductores',
    {
      config: { permission: 'camiones.edit' },
      schema: {
        tags,
        summary: 'Alta de un conductor',
        body: conductorCreateSchema,
        response: { 201: record, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: withVersionTag(reply, await service.create(currentUser(request), request.body)),
      }),
  );
  app.put(
    '/conductores/:id',
    {
      config: { permission: 'camiones.edit' },
      schema: {
        tags,
        summary: 'Modificación del conductor (desactivarlo lo quita de su vehículo)',
        params: idParamsSchema,
        body: conductorUpdateSchema,
        response: { 200: record, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { version, ...input } = request.body;
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
