import multipart from '@fastify/multipart';
import { z } from 'zod';
import { ARCHIVO_MAX_BYTES, ARCHIVO_MESSAGES } from '@tvsistema/domain/archivos';
import {
  camionSchema,
  documentoCamionCamposSchema,
  documentoCamionSchema,
  FLOTA_MESSAGES as M,
  itvBodySchema,
  itvSchema,
  lecturaKmBodySchema,
  lecturaKmSchema,
  mantenimientoCamionBodySchema,
  mantenimientoCamionSchema,
  mantenimientosQuerySchema,
  subListQuerySchema,
} from '@tvsistema/domain/flota';
import { pageMetaSchema } from '@tvsistema/domain/lists';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, userDisplayName } from '../../auth/auth.plugin.js';
import { invalidData, notFound } from '../../http/errors.js';
import { errorSchema, idParamsSchema, isUuid } from '../../http/schemas.js';
import { expectedVersion } from '../../http/versioning.js';
import type { ModuleContext } from '../../module.js';
import { servicioArchivos } from '../archivos/index.js';
import {
  deleteDocumento,
  desvincularInforme,
  documentosDe,
  findDocumento,
  insertDocumento,
} from './camiones.repository.js';
import { createCamionesService } from './camiones.service.js';
import { fichaCamionPdf } from './flota-pdf.js';
import { createRegistrosService } from './registros.service.js';

// §6: a vehicle's ITV inspections, maintenance, odometer readings and documents.

const tags = ['flota'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const sinContenido = z.null().describe('Sin contenido');
const itvParams = z.object({ id: z.string(), itvId: z.string() });
const mParams = z.object({ id: z.string(), mantenimientoId: z.string() });
const lParams = z.object({ id: z.string(), lecturaId: z.string() });
const aParams = z.object({ id: z.string(), archivoId: z.string() });

export const registrosRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, config, today },
) => {
  const camiones = createCamionesService(database, today);
  const { itv, mantenimientos, lecturas } = createRegistrosService(database, today, camiones);
  // flota-obras.md §6's own 415 text (decision 0039).
  const archivos = servicioArchivos(database, config.dataDir, config.s3, {
    tipoNoPermitido: ARCHIVO_MESSAGES.typeNotAllowedFlotaObras,
  });
  await app.register(multipart, { limits: { fileSize: ARCHIVO_MAX_BYTES, files: 1, fields: 8 } });
  const propietario = (id: string) => ({
    recurso: 'camion',
    registroId: id,
    empresa: 'transporte',
  });

  // ITV (§4.2)
  app.get(
    '/camiones/:id/itv',
    {
      config: { permission: 'camiones.view' },
      schema: {
        tags,
        summary: 'Inspecciones ITV, de la más reciente a la más antigua',
        params: idParamsSchema,
        response: { 200: z.object({ data: z.array(itvSchema) }), ...errors },
      },
    },
    async (request) => ({ data: await itv.list(request.params.id) }),
  );
  const itvRespuesta = z.object({ data: itvSchema, camion: camionSchema });
  app.post(
    '/camiones/:id/itv',
    {
      config: { permission: 'camiones.edit' },
      schema: {
        tags,
        summary: 'Registrar una inspección ITV',
        params: idParamsSchema,
        body: itvBodySchema,
        response: { 201: itvRespuesta, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await itv.create(currentUser(request), request.params.id, request.body)),
  );
  app.put(
    '/camiones/:id/itv/:itvId',
    {
      config: { permission: 'camiones.edit' },
      schema: {
        tags,
        summary: 'Modificar la última inspección',
        params: itvParams,
        body: itvBodySchema,
        response: { 200: itvRespuesta, 409: errorSchema, ...errors },
      },
    },
    async (request) =>
      itv.update(
        currentUser(request),
        request.params.id,
        request.params.itvId,
        request.body,
        expectedVersion(request, request.body.version),
      ),
  );
  app.delete(
    '/camiones/:id/itv/:itvId',
    {
      config: { permission: 'camiones.edit' },
      schema: {
        tags,
        summary: 'Eliminar la última inspección',
        params: itvParams,
        response: { 204: sinContenido, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await itv.remove(currentUser(request), request.params.id, request.params.itvId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/camiones/:id/pdf',
    {
      config: { permission: 'camiones.view' },
      schema: {
        tags,
        summary: 'Ficha del vehículo (PDF)',
        params: idParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const camion = await camiones.get(request.params.id);
      const pdf = await fichaCamionPdf(
        database.db,
        today(),
        userDisplayName(currentUser(request)),
        camion,
        await itv.list(camion._id),
        (await mantenimientos.list(camion._id, 1, 10)).data,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="ficha-${camion.matricula}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  // Mantenimientos (§4.5)
  app.get(
    '/camiones/:id/mantenimientos',
    {
      config: { permission: 'camiones.view' },
      schema: {
        tags,
        summary: 'Mantenimientos (paginados, de un tipo si se pide) con el coste del año y por km',
        params: idParamsSchema,
        querystring: mantenimientosQuerySchema,
        response: {
          200: z.object({
            data: z.array(mantenimientoCamionSchema),
            meta: pageMetaSchema,
            totales: z.object({
              anio: z.number().int(),
              costeAnio: z.string(),
              costePorKm: z.string().nullable(),
            }),
          }),
          ...errors,
        },
      },
    },
    async (request) =>
      mantenimientos.list(
        request.params.id,
        request.query.page,
        request.query.limit,
        request.query.tipo,
      ),
  );
  const mRespuesta = z.object({ data: mantenimientoCamionSchema });
  app.post(
    '/camiones/:id/mantenimientos',
    {
      config: { permission: 'camiones.edit' },
      schema: {
        tags,
        summary: 'Registrar un mantenimiento (su km es también una lectura)',
        params: idParamsSchema,
        body: mantenimientoCamionBodySchema,
        response: { 201: mRespuesta, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await mantenimientos.create(currentUser(request), request.params.id, request.body)),
  );
  app.put(
    '/camiones/:id/mantenimientos/:mantenimientoId',
    {
      config: { permission: 'camiones.edit' },
      schema: {
        tags,
        summary: 'Modificar un mantenimiento (con su versión)',
        params: mParams,
        body: mantenimientoCamionBodySchema,
        response: { 200: mRespuesta, 409: errorSchema, ...errors },
      },
    },
    async (request) =>
      mantenimientos.update(
        currentUser(request),
        request.params.id,
        request.params.mantenimientoId,
        request.body,
        expectedVersion(request, request.body.version),
      ),
  );
  app.delete(
    '/camiones/:id/mantenimientos/:mantenimientoId',
    {
      config: { permission: 'camiones.edit' },
      schema: {
        tags,
        summary: 'Eliminar un mantenimiento',
        params: mParams,
        response: { 204: sinContenido, ...errors },
      },
    },
    async (request, reply) => {
      await mantenimientos.remove(
        currentUser(request),
        request.params.id,
        request.params.mantenimientoId,
      );
      return reply.code(204).send(null);
    },
  );

  // Kilometraje (§4.4)
  app.get(
    '/camiones/:id/kilometraje',
    {
      config: { permission: 'camiones.view' },
      schema: {
        tags,
        summary: 'Lecturas del cuentakilómetros, de la más reciente a la más antigua',
        params: idParamsSchema,
        querystring: subListQuerySchema,
        response: {
          200: z.object({ data: z.array(lecturaKmSchema), meta: pageMetaSchema }),
          ...errors,
        },
      },
    },
    async (request) => lecturas.list(request.params.id, request.query.page, request.query.limit),
  );
  app.post(
    '/camiones/:id/kilometraje',
    {
      config: { permission: 'camiones.kilometraje' },
      schema: {
        tags,
        summary: 'Registrar una lectura (un salto de más de 1.500 km/día se confirma)',
        params: idParamsSchema,
        body: lecturaKmBodySchema,
        response: {
          201: z.object({ data: lecturaKmSchema, camion: camionSchema }),
          409: errorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await lecturas.create(currentUser(request), request.params.id, request.body)),
  );
  app.delete(
    '/camiones/:id/kilometraje/:lecturaId',
    {
      config: { permission: 'camiones.edit' },
      schema: {
        tags,
        summary: 'Eliminar una lectura manual',
        params: lParams,
        response: { 204: sinContenido, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await lecturas.remove(currentUser(request), request.params.id, request.params.lecturaId);
      return reply.code(204).send(null);
    },
  );

  // Documentos (files convention; categoría and vencimiento beside each file)
  app.get(
    '/camiones/:id/archivos',
    {
      config: { permission: 'camiones.view' },
      schema: {
        tags,
        summary: 'Documentos del vehículo',
        params: idParamsSchema,
        response: { 200: z.object({ data: z.array(documentoCamionSchema) }), ...errors },
      },
    },
    async (request) => {
      await camiones.get(request.params.id);
      return { data: (await documentosDe(database.db, request.params.id)) as never };
    },
  );
  app.post(
    '/camiones/:id/archivos',
    {
      config: { permission: 'camiones.edit' },
      schema: {
        tags,
        summary:
          'Subir un documento (multipart: categoria, fechaDocumento, vencimiento y después «archivo»; 25 MB)',
        params: idParamsSchema,
        response: {
          201: z.object({ data: documentoCamionSchema }),
          413: errorSchema,
          415: errorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const camion = await camiones.get(request.params.id);
      const user = currentUser(request);
      const { archivo, campos } = await archivos.recibir(request, propietario(camion._id), user);
      const parsed = documentoCamionCamposSchema.safeParse(campos);
      if (!parsed.success) {
        await archivos.remove(propietario(camion._id), archivo._id);
        throw invalidData(
          parsed.error.issues.map((i) => `${i.path.join('.') || 'categoria'}: ${i.message}`),
        );
      }
      await database.db.transaction(async (tx) => {
        await insertDocumento(tx, {
          camionId: camion._id,
          archivoId: archivo._id,
          categoria: parsed.data.categoria,
          fechaDocumento: parsed.data.fechaDocumento ?? null,
          vencimiento: parsed.data.vencimiento ?? null,
          createdBySub: user.sub,
          createdByEmail: user.email,
        });
        await camiones.historial(
          tx,
          user,
          'modificar',
          { _id: camion._id, documento: null },
          {
            _id: camion._id,
            documento: { nombre: archivo.nombre, categoria: parsed.data.categoria },
          },
          ['documento'],
        );
        await camiones.refrescar(tx, camion._id);
      });
      const data = (await documentosDe(database.db, camion._id)).find((d) => d._id === archivo._id);
      return reply.code(201).send({ data: data as never });
    },
  );
  const documento = async (camionId: string, archivoId: string) => {
    await camiones.get(camionId);
    const row = isUuid(archivoId)
      ? await findDocumento(database.db, camionId, archivoId)
      : undefined;
    if (!row) throw notFound(M.documentoNoEncontrado);
    return row;
  };
  app.get(
    '/camiones/:id/archivos/:archivoId',
    {
      config: { permission: 'camiones.view' },
      schema: { tags, summary: 'Descargar un documento', params: aParams },
    },
    async (request, reply) => {
      await documento(request.params.id, request.params.archivoId);
      const { archivo, stream } = await archivos.download(
        propietario(request.params.id),
        request.params.archivoId,
      );
      return (reply as FastifyReply)
        .type(archivo.mime)
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(archivo.nombre)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
  app.delete(
    '/camiones/:id/archivos/:archivoId',
    {
      config: { permission: 'camiones.edit' },
      schema: {
        tags,
        summary: 'Eliminar un documento',
        params: aParams,
        response: { 204: sinContenido, ...errors },
      },
    },
    async (request, reply) => {
      const row = await documento(request.params.id, request.params.archivoId);
      const user = currentUser(request);
      await database.db.transaction(async (tx) => {
        await desvincularInforme(tx, row.archivoId);
        await deleteDocumento(tx, row.archivoId);
        await camiones.historial(
          tx,
          user,
          'modificar',
          { _id: request.params.id, documento: { categoria: row.categoria } },
          { _id: request.params.id, documento: null },
          ['documento'],
        );
        await camiones.refrescar(tx, request.params.id);
      });
      await archivos.remove(propietario(request.params.id), row.archivoId).catch(() => undefined);
      return reply.code(204).send(null);
    },
  );
};
