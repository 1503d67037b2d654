import { z } from 'zod';
import { formatFecha } from '@tvsistema/domain/format';
import {
  asignacionSchema,
  camionCreateSchema,
  camionListQuerySchema,
  camionSchema,
  camionUpdateSchema,
  camionWriteResponseSchema,
  ESTADO_CAMION_LABELS,
  estadoCamionBodySchema,
  TIPO_CAMION_LABELS,
  vencimientosQuerySchema,
  vencimientosResponseSchema,
  type Camion,
} from '@tvsistema/domain/flota';
import { historialQuerySchema } from '@tvsistema/domain/historial';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/auth.plugin.js';
import { enviarJson } from '../../http/json-text.js';
import { errorSchema, idParamsSchema, pageResponseSchema } from '../../http/schemas.js';
import { expectedVersion, optionalIfMatch, withVersionTag } from '../../http/versioning.js';
import type { ModuleContext } from '../../module.js';
import { historialResponseSchema } from '../historial/index.js';
import { createCamionesService } from './camiones.service.js';
import { csvDe, enviarCsv, type ColumnaCsv } from './flota-csv.js';

const tags = ['flota'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const sinContenido = z.null().describe('Sin contenido');
const fecha = (valor: string | null | undefined) => (valor ? formatFecha(valor) : null);

/** §6 CSV columns. */
const COLUMNAS: readonly ColumnaCsv<Camion>[] = [
  { header: 'Matrícula', value: (c) => c.matriculaTexto },
  { header: 'Bastidor', value: (c) => c.bastidor },
  { header: 'Tipo', value: (c) => TIPO_CAMION_LABELS[c.tipo] },
  { header: 'Marca', value: (c) => c.marca },
  { header: 'Modelo', value: (c) => c.modelo },
  { header: 'MMA (kg)', value: (c) => c.mmaKg },
  { header: 'Tara (kg)', value: (c) => c.taraKg },
  { header: 'Primera matriculación', value: (c) => fecha(c.fechaPrimeraMatriculacion) },
  { header: 'Estado', value: (c) => ESTADO_CAMION_LABELS[c.estado] },
  { header: 'Conductor habitual', value: (c) => c.conductorHabitual?.nombre ?? null },
  { header: 'Km', value: (c) => c.kmActual },
  { header: 'Próxima ITV', value: (c) => fecha(c.itvHasta) },
  { header: 'Aseguradora', value: (c) => c.seguro?.aseguradora ?? null },
  { header: 'Vencimiento seguro', value: (c) => fecha(c.seguro?.vencimiento) },
  { header: 'Próxima revisión tacógrafo', value: (c) => fecha(c.tacografo?.proximaRevision) },
  { header: 'Visado autorización', value: (c) => fecha(c.autorizacion?.visadoHasta) },
];

/** /api/camiones (§6): list, due dates, CSV, record, state actions, history. */
export const camionesRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, today },
) => {
  const service = createCamionesService(database, today);

  app.get(
    '/camiones',
    {
      config: { permission: 'camiones.view' },
      schema: {
        tags,
        summary: 'Vehículos con búsqueda, filtros (vencimientos, soloAptos…) y orden',
        querystring: camionListQuerySchema,
        response: { 200: pageResponseSchema(camionSchema), ...errors },
      },
    },
    // JSON text built here: a string with a JSON content type goes out as it is (the response
    // schema documents it; the API tests parse the answers with the domain schemas).
    async (request, reply) => enviarJson(reply, await service.list(request.query)),
  );

  app.get(
    '/camiones/vencimientos',
    {
      config: { permission: 'camiones.view' },
      schema: {
        tags,
        summary:
          'Vencimientos de vehículos y conductores en los próximos días (30 por defecto), por páginas, del más urgente al menos, con los totales por tipo',
        querystring: vencimientosQuerySchema,
        response: { 200: vencimientosResponseSchema, ...errors },
      },
    },
    async (request, reply) => enviarJson(reply, await service.vencimientos(request.query)),
  );

  app.get(
    '/camiones/export',
    {
      config: { permission: 'camiones.view' },
      schema: { tags, summary: 'Exportación CSV', querystring: camionListQuerySchema },
    },
    async (request, reply) => {
      const { data } = await service.list({ ...request.query, page: 1, limit: 1_000_000 });
      return enviarCsv(reply, 'flota', today(), csvDe(COLUMNAS, data));
    },
  );

  app.get(
    '/camiones/:id',
    {
      config: { permission: 'camiones.view' },
      schema: {
        tags,
        summary: 'Ficha del vehículo',
        params: idParamsSchema,
        response: { 200: z.object({ data: camionSchema }), 404: errorSchema, ...errors },
      },
    },
    async (request, reply) =>
      enviarJson(reply, { data: withVersionTag(reply, await service.get(request.params.id)) }),
  );

  app.get(
    '/camiones/:id/historial',
    {
      config: { permission: 'camiones.view' },
      schema: {
        tags,
        summary: 'Historial del vehículo y de sus registros',
        params: idParamsSchema,
        querystring: historialQuerySchema,
        response: { 200: historialResponseSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => service.history(request.params.id, request.query),
  );

  app.get(
    '/camiones/:id/asignaciones',
    {
      config: { permission: 'camiones.view' },
      schema: {
        tags,
        summary: 'Historia de conductores habituales del vehículo, la más reciente primero',
        params: idParamsSchema,
        response: {
          200: z.object({ data: z.array(asignacionSchema) }),
          404: errorSchema,
          ...errors,
        },
      },
    },
    async (request) => ({ data: await service.asignaciones(request.params.id) }),
  );

  app.post(
    '/camiones',
    {
      config: { permission: 'camiones.edit' },
      schema: {
        tags,
        summary: 'Alta de un vehículo (kmIniciales crea la primera lectura)',
        body: camionCreateSchema,
        response: { 201: camionWriteResponseSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { data, warnings } = await service.create(currentUser(request), request.body);
      return reply
        .code(201)
        .send({ data: withVersionTag(reply, data), ...(warnings.length ? { warnings } : {}) });
    },
  );

  app.put(
    '/camiones/:id',
    {
      config: { permission: 'camiones.edit' },
      schema: {
        tags,
        summary: 'Modificación del vehículo (con la versión leída)',
        params: idParamsSchema,
        body: camionUpdateSchema,
        response: { 200: camionWriteResponseSchema, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { version, ...input } = request.body;
      const { data, warnings } = await service.update(
        currentUser(request),
        request.params.id,
        input,
        expectedVersion(request, version),
      );
      return { data: withVersionTag(reply, data), ...(warnings.length ? { warnings } : {}) };
    },
  );

  app.delete(
    '/camiones/:id',
    {
      config: { permission: 'camiones.edit' },
      schema: {
        tags,
        summary: 'Eliminar un vehículo sin registros asociados (si no, darlo de baja)',
        params: idParamsSchema,
        querystring: z.object({ version: z.coerce.number().int().optional() }),
        response: { 204: sinContenido, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(
        currentUser(request),
        request.params.id,
        optionalIfMatch(request) ?? request.query.version,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/camiones/:id/estado',
    {
      config: { permission: 'camiones.edit' },
      schema: {
        tags,
        summary: 'Enviar a taller, volver a servicio, dar de baja o reactivar',
        params: idParamsSchema,
        body: estadoCamionBodySchema,
        response: {
          200: z.object({ data: camionSchema }),
          404: errorSchema,
          409: errorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { version, ...body } = request.body;
      const data = await service.cambiarEstado(
        currentUser(request),
        request.params.id,
        body,
        expectedVersion(request, version),
      );
      return { data: withVersionTag(reply, data) };
    },
  );
};
