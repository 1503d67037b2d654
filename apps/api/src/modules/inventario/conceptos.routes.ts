import { z } from 'zod';
import {
  APLICA_A_LABELS,
  conceptoCreateSchema,
  conceptoExportQuerySchema,
  conceptoListQuerySchema,
  conceptoSchema,
  conceptoUpdateSchema,
  TIPO_CONCEPTO_LABELS,
  UNIDAD_CONCEPTO_LABELS,
  type Concepto,
} from '@tvsistema/domain/inventario';
import { ivaLabel } from '@tvsistema/domain/fiscal';
import { historialQuerySchema } from '@tvsistema/domain/historial';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/auth.plugin.js';
import { errorSchema, idParamsSchema, pageResponseSchema } from '../../http/schemas.js';
import { expectedVersion, withVersionTag } from '../../http/versioning.js';
import type { ModuleContext } from '../../module.js';
import { historialResponseSchema } from '../historial/index.js';
import { createConceptosService } from './conceptos.service.js';
import { csvDe, decimalCsv, enviarCsv, enviarPdf, type ColumnaCsv } from './inventario-csv.js';
import { tarifaConceptosPdf } from './inventario-pdf.js';
import { sinContenido, versionBorrado } from './inventario-rutas.js';

const tags = ['conceptos'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const record = z.object({ data: conceptoSchema });

const COLUMNAS: readonly ColumnaCsv<Concepto>[] = [
  { header: 'Código', value: (c) => c.codigo },
  { header: 'Nombre', value: (c) => c.nombre },
  { header: 'Tipo', value: (c) => TIPO_CONCEPTO_LABELS[c.tipo] },
  { header: 'Unidad', value: (c) => UNIDAD_CONCEPTO_LABELS[c.unidad] },
  { header: 'Precio', value: (c) => decimalCsv(c.precio) },
  { header: 'IVA', value: (c) => ivaLabel(c.tipoIva, c.motivoIva0) },
  { header: 'Aplica a', value: (c) => APLICA_A_LABELS[c.aplicaA] },
  { header: 'Activa', value: (c) => (c.activo ? 'Sí' : 'No') },
];

/** /api/conceptos (§6.3): the price templates. */
export const conceptosRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, today },
) => {
  const service = createConceptosService(database);

  app.get(
    '/conceptos',
    {
      config: { permission: 'conceptos.view' },
      schema: {
        tags,
        summary: 'Plantillas de concepto: lista con búsqueda, filtros y orden',
        querystring: conceptoListQuerySchema,
        response: { 200: pageResponseSchema(conceptoSchema), ...errors },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/conceptos/export',
    {
      config: { permission: 'conceptos.view' },
      schema: { tags, summary: 'Exportación CSV', querystring: conceptoExportQuerySchema },
    },
    async (request, reply) =>
      enviarCsv(
        reply,
        'conceptos',
        today(),
        csvDe(COLUMNAS, await service.exportar(request.query)),
      ),
  );

  app.get(
    '/conceptos/pdf',
    {
      config: { permission: 'conceptos.view' },
      schema: {
        tags,
        summary: 'Tarifa de conceptos de alquiler (PDF)',
        produces: ['application/pdf'],
      },
    },
    async (_request, reply) =>
      enviarPdf(
        reply,
        `tarifa-conceptos-${today()}.pdf`,
        await tarifaConceptosPdf(database.db, today(), await service.exportar({ activo: true })),
      ),
  );

  app.get(
    '/conceptos/:id',
    {
      config: { permission: 'conceptos.view' },
      schema: {
        tags,
        summary: 'Detalle',
        params: idParamsSchema,
        response: { 200: record, 404: errorSchema, ...errors },
      },
    },
    async (request, reply) => ({
      data: withVersionTag(reply, await service.get(request.params.id)),
    }),
  );

  app.get(
    '/conceptos/:id/historial',
    {
      config: { permission: 'conceptos.view' },
      schema: {
        tags,
        summary: 'Historial de cambios',
        params: idParamsSchema,
        querystring: historialQuerySchema,
        response: { 200: historialResponseSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => service.history(request.params.id, request.query),
  );

  app.post(
    '/conceptos',
    {
      config: { permission: 'conceptos.edit' },
      schema: {
        tags,
        summary: 'Alta',
        body: conceptoCreateSchema,
        response: { 201: record, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.create(currentUser(request), request.body);
      return reply.code(201).send({ data: withVersionTag(reply, data) });
    },
  );

  app.put(
    '/conceptos/:id',
    {
      config: { permission: 'conceptos.edit' },
      schema: {
        tags,
        summary: 'Modificación (con la versión leída)',
        params: idParamsSchema,
        body: conceptoUpdateSchema,
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

  app.delete(
    '/conceptos/:id',
    {
      config: { permission: 'conceptos.edit' },
      schema: {
        tags,
        summary: 'Eliminar una plantilla sin uso (R15)',
        params: idParamsSchema,
        querystring: z.object({ version: z.coerce.number().int().optional() }),
        response: { 204: sinContenido, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(
        currentUser(request),
        request.params.id,
        versionBorrado(request, request.query.version),
      );
      return reply.code(204).send(null);
    },
  );
};
