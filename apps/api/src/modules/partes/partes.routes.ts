import { z } from 'zod';
import {
  clienteCreateSchema,
  clienteSchema,
  clienteUpdateSchema,
  parteExportQuerySchema,
  parteListQuerySchema,
  proveedorCreateSchema,
  proveedorSchema,
  proveedorUpdateSchema,
} from '@tvsistema/domain/partes';
import type { Parte, ParteTipo } from '@tvsistema/domain/partes';
import { historialQuerySchema } from '@tvsistema/domain/historial';
import type { Permission } from '@tvsistema/domain/auth';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { expectedVersion, withVersionTag } from '../../http/versioning.js';
import { currentUser } from '../../auth/auth.plugin.js';
import { errorSchema, idParamsSchema, pageResponseSchema } from '../../http/schemas.js';
import { notFound } from '../../http/errors.js';
import type { ModuleContext } from '../../module.js';
import { historialResponseSchema } from '../historial/index.js';
import { registerArchivoRoutes } from '../archivos/index.js';
import { csvFileName, csvStream } from './partes-csv.js';
import { createPartesRepository } from './partes.repository.js';
import type { PartesRepository } from './partes.repository.js';
import { createParteService } from './partes.service.js';

// One plugin serves /api/proveedores and /api/clientes: the same party model, each with its own
// permissions, messages and accounting set (docs/decisions/0009-partes-storage.md).

/** The two resources: suppliers (SPEC 7; list for any signed-in user, new/edit per SPEC 6) and
 * clients on the supplier model with the client accounting set (DESIGN decision 1). */
const RESOURCES = [
  {
    tipo: 'proveedor',
    resource: 'proveedores',
    permissions: { view: 'proveedores.view', edit: 'proveedores.edit' },
    schemas: {
      record: proveedorSchema,
      create: proveedorCreateSchema,
      update: proveedorUpdateSchema,
    },
  },
  {
    tipo: 'cliente',
    resource: 'clientes',
    permissions: { view: 'clientes.view', edit: 'clientes.edit' },
    schemas: { record: clienteSchema, create: clienteCreateSchema, update: clienteUpdateSchema },
  },
] as const satisfies readonly {
  tipo: ParteTipo;
  resource: string;
  permissions: { view: Permission; edit: Permission };
  schemas: Record<'record' | 'create' | 'update', z.ZodType>;
}[];

type ParteResource = (typeof RESOURCES)[number];

const registerResource = (
  app: Parameters<FastifyPluginAsyncZod>[0],
  repository: PartesRepository,
  { tipo, resource, permissions, schemas }: ParteResource,
) => {
  // Either type's record: the routes are generic over the party type.
  const record = schemas.record as z.ZodType<Parte>;
  const service = createParteService(repository, tipo);
  const tags = [resource];
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

  app.get(
    `/${resource}`,
    {
      config: { permission: permissions.view },
      schema: {
        tags,
        summary: 'Lista paginada con búsqueda, filtros y orden',
        querystring: parteListQuerySchema,
        response: { 200: pageResponseSchema(record), ...errors },
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
        tags,
        summary: 'Exportación CSV (UTF-8 con BOM, separador ";") de todas las filas del filtro',
        querystring: parteExportQuerySchema,
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
        tags,
        summary: 'Detalle',
        params: idParamsSchema,
        response: { 200: z.object({ data: record }), 404: errorSchema, ...errors },
      },
    },
    async (request, reply) => ({
      data: withVersionTag(reply, await service.get(currentUser(request), request.params.id)),
    }),
  );

  app.get(
    `/${resource}/:id/historial`,
    {
      config: { permission: permissions.view },
      schema: {
        tags,
        summary:
          'Historial de cambios (quién, cuándo, qué campos), del más reciente al más antiguo',
        params: idParamsSchema,
        querystring: historialQuerySchema,
        response: { 200: historialResponseSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => service.history(currentUser(request), request.params.id, request.query),
  );

  app.get(
    `/${resource}/:id/pdf`,
    {
      config: { permission: permissions.view },
      schema: {
        tags,
        summary: tipo === 'proveedor' ? 'Ficha de proveedor (PDF)' : 'Ficha de cliente (PDF)',
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: { 404: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.ficha(currentUser(request), request.params.id);
      return (reply as FastifyReply)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    `/${resource}`,
    {
      config: { permission: permissions.edit },
      schema: {
        tags,
        summary: 'Alta',
        body: schemas.create,
        response: { 201: z.object({ data: record }), 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.create(currentUser(request), request.body);
      return reply.code(201).send({ data: withVersionTag(reply, data) });
    },
  );

  app.put(
    `/${resource}/:id`,
    {
      config: { permission: permissions.edit },
      schema: {
        tags,
        summary: 'Modificación (la empresa no puede cambiar)',
        description:
          'Lleva la versión leída en `version` o en `If-Match`; si el registro ha cambiado desde entonces, 409 y no se escribe nada.',
        params: idParamsSchema,
        body: schemas.update,
        response: {
          200: z.object({ data: record }),
          404: errorSchema,
          409: errorSchema,
          ...errors,
        },
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

/** Verticales clients under /obras (flota-obras.md §6, SPEC 2.11): the /api/clientes contract with
 * the empresa fixed to `verticales` and the works' permissions, since the arquitecto who creates a
 * work for a new client holds no clientes.* key. */
const registerObrasClientes = (
  app: Parameters<FastifyPluginAsyncZod>[0],
  repository: PartesRepository,
) => {
  const service = createParteService(repository, 'cliente');
  const tags = ['obras'];
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
  const record = clienteSchema as z.ZodType<Parte>;
  const empresa = 'verticales' as const;
  const soloVerticales = z.literal(empresa, {
    error: 'Solo se admiten clientes de Trabajos Verticales',
  });
  const deVerticales = async (user: ReturnType<typeof currentUser>, id: string) => {
    const cliente = await service.get(user, id);
    if (cliente.empresa !== empresa) throw notFound();
    return cliente;
  };

  app.get(
    '/obras/clientes',
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Clientes de Trabajos Verticales',
        querystring: parteListQuerySchema.omit({ empresa: true }),
        response: { 200: pageResponseSchema(record), ...errors },
      },
    },
    async (request, reply) =>
      (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .send(await service.listJson(currentUser(request), { ...request.query, empresa })),
  );

  app.get(
    '/obras/clientes/export',
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Exportación CSV de los clientes de Trabajos Verticales',
        querystring: parteExportQuerySchema.omit({ empresa: true }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const records = await service.exportRows(currentUser(request), {
        ...request.query,
        empresa,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName('cliente', empresa)}"`)
        .header('cache-control', 'no-store')
        .send(csvStream('cliente', records));
    },
  );

  app.get(
    '/obras/clientes/:id',
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Cliente de Trabajos Verticales',
        params: idParamsSchema,
        response: { 200: z.object({ data: record }), 404: errorSchema, ...errors },
      },
    },
    async (request, reply) => ({
      data: withVersionTag(reply, await deVerticales(currentUser(request), request.params.id)),
    }),
  );

  // The party list's detail (the Clientes tab of /obras) shows the history and offers the sheet.
  app.get(
    '/obras/clientes/:id/historial',
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Historial de cambios de un cliente de Trabajos Verticales',
        params: idParamsSchema,
        querystring: historialQuerySchema,
        response: { 200: historialResponseSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await deVerticales(user, request.params.id);
      return service.history(user, request.params.id, request.query);
    },
  );

  app.get(
    '/obras/clientes/:id/pdf',
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Ficha de cliente de Trabajos Verticales (PDF)',
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: { 404: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await deVerticales(user, request.params.id);
      const { pdf, fileName } = await service.ficha(user, request.params.id);
      return (reply as FastifyReply)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/obras/clientes',
    {
      config: { permission: 'obras.edit' },
      schema: {
        tags,
        summary: 'Alta de cliente de Trabajos Verticales',
        body: clienteCreateSchema.safeExtend({ empresa: soloVerticales }),
        response: { 201: z.object({ data: record }), 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.create(currentUser(request), request.body);
      return reply.code(201).send({ data: withVersionTag(reply, data) });
    },
  );

  app.put(
    '/obras/clientes/:id',
    {
      config: { permission: 'obras.edit' },
      schema: {
        tags,
        summary: 'Modificación de cliente de Trabajos Verticales',
        params: idParamsSchema,
        body: clienteUpdateSchema,
        response: {
          200: z.object({ data: record }),
          404: errorSchema,
          409: errorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await deVerticales(user, request.params.id);
      const { version, ...input } = request.body;
      const data = await service.update(
        user,
        request.params.id,
        input,
        expectedVersion(request, version),
      );
      return { data: withVersionTag(reply, data) };
    },
  );
};

/** /api/proveedores and /api/clientes. */
export const partesRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, config },
) => {
  const repository = createPartesRepository(database);
  for (const resource of RESOURCES) registerResource(app, repository, resource);
  registerObrasClientes(app, repository);
  // SPEC 3: a supplier's `archivos`, its "Documentos" (issue 11).
  const proveedores = createParteService(repository, 'proveedor');
  await registerArchivoRoutes(app, {
    database,
    dataDir: config.dataDir,
    s3: config.s3,
    base: '/proveedores/:id/archivos',
    tags: ['proveedores'],
    view: 'proveedores.view',
    edit: 'proveedores.edit',
    owner: async (user, id) => {
      const record = await proveedores.get(user, id);
      return { recurso: 'proveedor', registroId: record._id, empresa: record.empresa };
    },
  });
};
