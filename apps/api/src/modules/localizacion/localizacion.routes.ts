import type { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  calleCreateSchema,
  calleListQuerySchema,
  calleSchema,
  calleUpdateSchema,
  ciudadCreateSchema,
  ciudadListQuerySchema,
  ciudadSchema,
  ciudadUpdateSchema,
  codigoPostalCreateSchema,
  codigoPostalListQuerySchema,
  codigoPostalSchema,
  codigoPostalUpdateSchema,
  LOCATION_ENTITY_GRAMMAR,
  LOCATION_ENTITY_LABELS,
  locationDependenciesSchema,
  locationListResponse,
  locationResponse,
  municipioCreateSchema,
  municipioListQuerySchema,
  municipioSchema,
  municipioUpdateSchema,
  paisCreateSchema,
  paisListQuerySchema,
  paisSchema,
  paisUpdateSchema,
  provinciaCreateSchema,
  provinciaListQuerySchema,
  provinciaSchema,
  provinciaUpdateSchema,
} from '@tvsistema/domain/localizacion';
import { enviarJson } from '../../http/json-text.js';
import { errorSchema, idParamsSchema } from '../../http/schemas.js';
import { expectedVersion, optionalIfMatch, withVersionTag } from '../../http/versioning.js';
import type { ModuleContext } from '../../module.js';
import { currentUser } from '../../auth/auth.plugin.js';
import { historialQuerySchema } from '@tvsistema/domain/historial';
import { historialResponseSchema } from '../historial/index.js';
import { LEVELS } from './localizacion.levels.js';
import type { LevelDefinition } from './localizacion.levels.js';
import { createLocalizacionRepository } from './localizacion.repository.js';
import { createLocalizacionService } from './localizacion.service.js';
import type {
  LocalizacionService,
  LocationInput,
  LocationListInput,
} from './localizacion.service.js';

type LevelRoutes = {
  level: LevelDefinition;
  record: z.ZodType;
  listQuery: z.ZodType<LocationListInput, Record<string, unknown>>;
  create: z.ZodType<LocationInput, unknown>;
  update: z.ZodType<LocationInput, unknown>;
};

const ROUTES: readonly LevelRoutes[] = [
  {
    level: LEVELS.paises,
    record: paisSchema,
    listQuery: paisListQuerySchema,
    create: paisCreateSchema,
    update: paisUpdateSchema,
  },
  {
    level: LEVELS.provincias,
    record: provinciaSchema,
    listQuery: provinciaListQuerySchema,
    create: provinciaCreateSchema,
    update: provinciaUpdateSchema,
  },
  {
    level: LEVELS.municipios,
    record: municipioSchema,
    listQuery: municipioListQuerySchema,
    create: municipioCreateSchema,
    update: municipioUpdateSchema,
  },
  {
    level: LEVELS.ciudades,
    record: ciudadSchema,
    listQuery: ciudadListQuerySchema,
    create: ciudadCreateSchema,
    update: ciudadUpdateSchema,
  },
  {
    level: LEVELS.calles,
    record: calleSchema,
    listQuery: calleListQuerySchema,
    create: calleCreateSchema,
    update: calleUpdateSchema,
  },
  {
    level: LEVELS.codigosPostales,
    record: codigoPostalSchema,
    listQuery: codigoPostalListQuerySchema,
    create: codigoPostalCreateSchema,
    update: codigoPostalUpdateSchema,
  },
];

const TAGS = ['localización'];

const registerLevel = (
  app: Parameters<FastifyPluginAsyncZod>[0],
  service: LocalizacionService,
  { level, record, listQuery, create, update }: LevelRoutes,
) => {
  const label = LOCATION_ENTITY_LABELS[level.entity];
  const grammar = LOCATION_ENTITY_GRAMMAR[level.entity];
  const base = `/${level.path}`;
  const byId = `${base}/:id`;
  const one = locationResponse(record);
  const search =
    level.search.param === 'nombre'
      ? 'Búsqueda parcial por nombre, sin distinguir mayúsculas ni acentos; primero los que empiezan por el texto.'
      : 'Búsqueda por código postal (parcial); primero los que empiezan por el texto.';

  app.get(
    base,
    {
      config: { permission: 'localizacion.view' },
      schema: {
        tags: TAGS,
        summary: `Lista de ${grammar.plural}`,
        description: `${search} Páginas de \`limit\` (100 por defecto, 500 como máximo); \`meta.hasMore\` dice si hay más.`,
        querystring: listQuery,
        response: { 200: locationListResponse(record), 400: errorSchema },
      },
    },
    // Sent as JSON text: the rows already are the records (LEVEL_SQL selects the schema's fields
    // in its order), so the response schema's zod pass, a parse and copy of every row, was the
    // route's largest CPU cost after the I/O (docs/decisions/0010, "The API's own cost"). The schema still
    // documents the answer, and the API tests pin its exact text.
    async (request, reply) =>
      enviarJson(reply as FastifyReply, {
        success: true,
        ...(await service.list(level, request.query)),
      }),
  );

  app.post(
    base,
    {
      config: { permission: 'localizacion.create' },
      schema: {
        tags: TAGS,
        summary: `Crear ${label}`,
        description: 'El nombre se guarda sin espacios sobrantes y en mayúsculas (SPEC 5).',
        body: create,
        response: { 201: one, 400: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { data, message } = await service.create(level, request.body, currentUser(request));
      return reply.code(201).send({ success: true, data: withVersionTag(reply, data), message });
    },
  );

  app.get(
    byId,
    {
      config: { permission: 'localizacion.view' },
      schema: {
        tags: TAGS,
        summary: `Obtener ${label}`,
        params: idParamsSchema,
        response: { 200: one, 404: errorSchema },
      },
    },
    async (request, reply) => ({
      success: true,
      data: withVersionTag(reply, await service.get(level, request.params.id)),
    }),
  );

  app.put(
    byId,
    {
      config: { permission: 'ciudades.manage' },
      schema: {
        tags: TAGS,
        summary: `Modificar ${label}`,
        params: idParamsSchema,
        body: update,
        response: { 200: one, 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { version, ...input } = request.body as LocationInput;
      const { data, message } = await service.update(
        level,
        request.params.id,
        input,
        expectedVersion(request, version),
        currentUser(request),
      );
      return { success: true, data: withVersionTag(reply, data), message };
    },
  );

  app.delete(
    byId,
    {
      config: { permission: 'ciudades.manage' },
      schema: {
        tags: TAGS,
        summary: `Eliminar ${label}`,
        description:
          'Se niega (409, con el motivo y los recuentos) mientras tenga niveles dependientes o esté en uso en alguna dirección.',
        params: idParamsSchema,
        response: { 200: one, 404: errorSchema, 409: errorSchema },
      },
    },
    // DELETE has no body: a version, when the caller has one, comes in If-Match.
    async (request) => ({
      success: true,
      ...(await service.remove(
        level,
        request.params.id,
        optionalIfMatch(request),
        currentUser(request),
      )),
    }),
  );

  app.get(
    `${byId}/historial`,
    {
      config: { permission: 'localizacion.view' },
      schema: {
        tags: TAGS,
        summary: `Historial de cambios de ${grammar.this} ${label}`,
        params: idParamsSchema,
        querystring: historialQuerySchema,
        response: { 200: historialResponseSchema, 404: errorSchema },
      },
    },
    async (request) => service.history(level, request.params.id, request.query),
  );

  app.get(
    `${byId}/dependencias`,
    {
      config: { permission: 'localizacion.view' },
      schema: {
        tags: TAGS,
        summary: `Qué depende de ${grammar.the} ${label}`,
        description:
          'Cada nivel inferior con su recuento (ceros incluidos) y cuántos registros (direcciones) lo usan.',
        params: idParamsSchema,
        response: { 200: locationResponse(locationDependenciesSchema), 404: errorSchema },
      },
    },
    async (request) => ({
      success: true,
      data: await service.dependencies(level, request.params.id),
    }),
  );
};

/** The location catalogue of SPEC 7 under /api/localizacion, every level with the same verbs. */
export const localizacionRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database },
) => {
  const service = createLocalizacionService(createLocalizacionRepository(database));
  for (const routes of ROUTES) registerLevel(app, service, routes);
};
