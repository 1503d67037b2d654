import { z } from 'zod';
import {
  clienteCreateSchema,
  clienteSchema,
  clienteUpdateSchema,
  parteListQuerySchema,
  proveedorCreateSchema,
  proveedorSchema,
  proveedorUpdateSchema,
} from '@tvsistema/domain';
import type { ParteTipo, Permission } from '@tvsistema/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/auth.plugin.js';
import type { Database } from '../../db/database.js';
import { csvFileName, csvStream } from './partes-csv.js';
import { createParteService } from './partes.service.js';

// One plugin serves /api/proveedores and /api/clientes: the same party model, each with its own
// permissions, messages and accounting set (docs/decisions/0006-partes.md).

const SCHEMAS = {
  proveedor: {
    record: proveedorSchema,
    create: proveedorCreateSchema,
    update: proveedorUpdateSchema,
  },
  cliente: { record: clienteSchema, create: clienteCreateSchema, update: clienteUpdateSchema },
} as const;

export type ParteRoutesOptions = {
  database: Database;
  tipo: ParteTipo;
  /** URL segment under /api: 'proveedores' or 'clientes'. */
  resource: string;
  permissions: { view: Permission; edit: Permission };
  tag: string;
};

const errorSchema = z.object({ message: z.string(), errors: z.array(z.string()).optional() });
const pageMetaSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
const idParams = z.object({ id: z.string() });
const exportQuerySchema = parteListQuerySchema.omit({ page: true, limit: true });

export const parteRoutes: FastifyPluginAsyncZod<ParteRoutesOptions> = async (app, options) => {
  const { database, tipo, resource, permissions, tag } = options;
  const schemas = SCHEMAS[tipo];
  // Either type's record: the plugin is generic over the party type.
  const record = schemas.record as z.ZodType<
    z.output<typeof proveedorSchema | typeof clienteSchema>
  >;
  const service = createParteService(database, tipo);
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

  app.get(
    `/${resource}`,
    {
      config: { permission: permissions.view },
      schema: {
        tags: [tag],
        summary: 'Lista paginada con búsqueda, filtros y orden',
        querystring: parteListQuerySchema,
        response: { 200: z.object({ data: z.array(record), meta: pageMetaSchema }), ...errors },
      },
    },
    // The page arrives as JSON text built by the database; a string with a JSON content type goes
    // out as it is (the response schema documents it and the API tests check every record).
    async (request, reply) =>
      (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .send(await service.listJson(currentUser(request), request.query)),
  );

  app.get(
    `/${resource}/export`,
    {
      config: { permission: permissions.view },
      schema: {
        tags: [tag],
        summary: 'Exportación CSV (UTF-8 con BOM, separador ";") de todas las filas del filtro',
        querystring: exportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const records = await service.exportRows(currentUser(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${csvFileName(tipo, request.query.empresa)}"`,
        )
        .header('cache-control', 'no-store')
        .send(csvStream(tipo, records));
    },
  );

  app.get(
    `/${resource}/:id`,
    {
      config: { permission: permissions.view },
      schema: {
        tags: [tag],
        summary: 'Detalle',
        params: idParams,
        response: { 200: z.object({ data: record }), 404: errorSchema, ...errors },
      },
    },
    async (request) => ({ data: await service.get(currentUser(request), request.params.id) }),
  );

  app.post(
    `/${resource}`,
    {
      config: { permission: permissions.edit },
      schema: {
        tags: [tag],
        summary: 'Alta',
        body: schemas.create,
        response: { 201: z.object({ data: record }), 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.create(currentUser(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  app.put(
    `/${resource}/:id`,
    {
      config: { permission: permissions.edit },
      schema: {
        tags: [tag],
        summary: 'Modificación (la empresa no puede cambiar)',
        params: idParams,
        body: schemas.update,
        response: {
          200: z.object({ data: record }),
          404: errorSchema,
          409: errorSchema,
          ...errors,
        },
      },
    },
    async (request) => ({
      data: await service.update(currentUser(request), request.params.id, request.body),
    }),
  );
};
