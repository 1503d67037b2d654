import { z } from 'zod';
import type { Permission } from '@tvsistema/domain/auth';
import type { PageMeta } from '@tvsistema/domain/lists';
import { historialQuerySchema, type HistorialQuery } from '@tvsistema/domain/historial';
import { VERSION_MESSAGES } from '@tvsistema/domain/versiones';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, type AuthUser } from '../../auth/auth.plugin.js';
import { invalidData } from '../../http/errors.js';
import { errorSchema, idParamsSchema, pageResponseSchema } from '../../http/schemas.js';
import { expectedVersion, optionalIfMatch, withVersionTag } from '../../http/versioning.js';
import { historialResponseSchema } from '../historial/index.js';

/** A DELETE's version: `?version=` or `If-Match` (the same number when both come). */
export const versionBorrado = (request: FastifyRequest, query: number | undefined) => {
  const header = optionalIfMatch(request);
  if (header !== undefined && query !== undefined && header !== query)
    throw invalidData([`version: ${VERSION_MESSAGES.mismatch}`]);
  return header ?? query;
};

/** A 204's (empty) body in a route's response schema. */
export const sinContenido = z.null().describe('Sin contenido');

/** What a catalogue resource (machines, components, templates) offers its standard routes. */
export type RecursoCatalogo<
  R extends { version: number },
  C,
  U extends { version?: number | undefined },
> = {
  /** `/maquinaria`, `/andamios`, `/conceptos`. */
  base: string;
  tags: string[];
  view: Permission;
  edit: Permission;
  /** "máquina", "componente", "plantilla": the routes' summaries name it. */
  nombre: string;
  schemas: { record: z.ZodType<R>; list: z.ZodType; create: z.ZodType<C>; update: z.ZodType<U> };
  list: (request: FastifyRequest, query: never) => Promise<{ data: R[]; meta: PageMeta }>;
  get: (request: FastifyRequest, id: string) => Promise<R>;
  history: (id: string, query: HistorialQuery) => Promise<unknown>;
  create: (user: AuthUser, body: C) => Promise<R>;
  update: (
    user: AuthUser,
    id: string,
    input: Omit<U, 'version'>,
    version: number | undefined,
  ) => Promise<R>;
  remove: (user: AuthUser, id: string, version: number | undefined) => Promise<void>;
};

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/**
 * The routes every inventario catalogue shares (§6): list, detail, history, create, update with
 * the version read, delete while unused. Each module file adds its own (CSV, PDF, actions).
 */
export const registrarCatalogo = <
  R extends { version: number },
  C,
  U extends { version?: number | undefined },
>(
  app: FastifyInstance,
  r: RecursoCatalogo<R, C, U>,
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const record = z.object({ data: r.schemas.record });
  const { tags } = r;
  routes.get(
    r.base,
    {
      config: { permission: r.view },
      schema: {
        tags,
        summary: 'Lista con búsqueda, filtros y orden',
        querystring: r.schemas.list,
        response: { 200: pageResponseSchema(r.schemas.record), ...errores },
      },
    },
    async (request) => r.list(request, request.query as never),
  );
  routes.get(
    `${r.base}/:id`,
    {
      config: { permission: r.view },
      schema: {
        tags,
        summary: 'Detalle',
        params: idParamsSchema,
        response: { 200: record, 404: errorSchema, ...errores },
      },
    },
    async (request, reply) => ({
      data: withVersionTag(reply, await r.get(request, request.params.id)),
    }),
  );
  routes.get(
    `${r.base}/:id/historial`,
    {
      config: { permission: r.view },
      schema: {
        tags,
        summary: 'Historial de cambios, del más reciente al más antiguo',
        params: idParamsSchema,
        querystring: historialQuerySchema,
        response: { 200: historialResponseSchema, 404: errorSchema, ...errores },
      },
    },
    async (request) => r.history(request.params.id, request.query) as never,
  );
  routes.post(
    r.base,
    {
      config: { permission: r.edit },
      schema: {
        tags,
        summary: `Alta de ${r.nombre}`,
        body: r.schemas.create,
        response: { 201: record, 409: errorSchema, ...errores },
      },
    },
    async (request, reply) => {
      const data = await r.create(currentUser(request), request.body as C);
      return reply.code(201).send({ data: withVersionTag(reply, data) });
    },
  );
  routes.put(
    `${r.base}/:id`,
    {
      config: { permission: r.edit },
      schema: {
        tags,
        summary: `Modificación de ${r.nombre} (con la versión leída)`,
        params: idParamsSchema,
        body: r.schemas.update,
        response: { 200: record, 404: errorSchema, 409: errorSchema, ...errores },
      },
    },
    async (request, reply) => {
      const { version, ...input } = request.body as U;
      const data = await r.update(
        currentUser(request),
        request.params.id,
        input,
        expectedVersion(request, version),
      );
      return { data: withVersionTag(reply, data) };
    },
  );
  routes.delete(
    `${r.base}/:id`,
    {
      config: { permission: r.edit },
      schema: {
        tags,
        summary: `Eliminar ${r.nombre} sin uso (R15)`,
        params: idParamsSchema,
        querystring: z.object({ version: z.coerce.number().int().optional() }),
        response: { 204: sinContenido, 404: errorSchema, 409: errorSchema, ...errores },
      },
    },
    async (request, reply) => {
      await r.remove(
        currentUser(request),
        request.params.id,
        versionBorrado(request, request.query.version),
      );
      return reply.code(204).send(null);
    },
  );
};
