import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  confirmarImportacionSchema,
  filasImportacionPageSchema,
  filasImportacionQuerySchema,
  guardarPlantillaMapeoSchema,
  IMPORTACION_MAX_BYTES,
  IMPORTACION_MESSAGES as IM,
  importacionesRecientesSchema,
  importacionSchema,
  importacionSubidaSchema,
  plantillaMapeoSchema,
  validarImportacionSchema,
  type DestinoImportacion,
} from '@tvsistema/domain/logistica';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/auth.plugin.js';
import { HttpError } from '../../http/errors.js';
import { errorSchema, idParamsSchema } from '../../http/schemas.js';
import { expectedVersion } from '../../http/versioning.js';
import type { ModuleContext } from '../../module.js';
import { createImportacionService } from './importacion.service.js';

// §6: the import endpoints, once for rental albaranes (/api/albaranes/importaciones,
// albaranes.edit) and once for transport ones (/api/albaranes/transporte/importaciones,
// albaranes.transporte.edit). Empresa scoping (R18) is the parent plugin's preValidation hook.

const errores = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};
const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const NDJSON = 'application/x-ndjson; charset=utf-8';

const DESTINOS: {
  destino: DestinoImportacion;
  base: string;
  permission: 'albaranes.edit' | 'albaranes.transporte.edit';
  nombre: string;
}[] = [
  {
    destino: 'alquiler',
    base: '/albaranes/importaciones',
    permission: 'albaranes.edit',
    nombre: 'albaranes-alquiler',
  },
  {
    destino: 'transporte',
    base: '/albaranes/transporte/importaciones',
    permission: 'albaranes.transporte.edit',
    nombre: 'albaranes-transporte',
  },
];

const enviarCsv = (reply: FastifyReply, nombre: string, csv: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${nombre}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);

/** The multipart field `archivo` as bytes: 413 past 25 MB (R19). */
const recibirArchivo = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw new HttpError(400, IM.archivoObligatorio);
  const file = await request.file({ limits: { fileSize: IMPORTACION_MAX_BYTES, files: 1 } });
  if (!file) throw new HttpError(400, IM.archivoObligatorio);
  let contenido: Buffer;
  try {
    contenido = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, IM.demasiadoGrande);
    throw error;
  }
  if (file.file.truncated) throw new HttpError(413, IM.demasiadoGrande);
  return { nombre: file.filename || 'archivo', contenido };
};

export const importacionRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, today },
) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORTACION_MAX_BYTES, files: 1, fields: 5 },
  });
  const servicio = createImportacionService(database, today);
  const tags = ['importación de albaranes'];

  for (const { destino, base, permission, nombre } of DESTINOS) {
    const config = { permission };
    app.post(
      base,
      {
        config,
        schema: {
          tags,
          summary: 'Subir un archivo CSV o Excel (multipart «archivo»; 25 MB y 50.000 filas)',
          response: { 201: dataOf(importacionSubidaSchema), ...errores },
        },
      },
      async (request, reply) => {
        const archivo = await recibirArchivo(request);
        const data = await servicio.subir(destino, currentUser(request), archivo);
        return reply.code(201).send({ data });
      },
    );
    app.get(
      base,
      {
        config,
        schema: {
          tags,
          summary: 'Importaciones recientes (las 10 últimas)',
          response: { 200: dataOf(importacionesRecientesSchema), ...errores },
        },
      },
      async () => ({ data: await servicio.recientes(destino) }),
    );
    app.get(
      `${base}/plantilla.csv`,
      { config, schema: { tags, summary: 'Plantilla CSV', produces: ['text/csv'] } },
      async (_request, reply) =>
        enviarCsv(reply, `plantilla-${nombre}`, servicio.plantillaCsv(destino)),
    );
    app.get(
      `${base}/mapeos`,
      {
        config,
        schema: {
          tags,
          summary: 'Plantillas de mapeo',
          response: { 200: dataOf(z.array(plantillaMapeoSchema)), ...errores },
        },
      },
      async () => ({ data: await servicio.plantillas(destino) }),
    );
    app.post(
      `${base}/mapeos`,
      {
        config,
        schema: {
          tags,
          summary: 'Guardar como plantilla',
          body: guardarPlantillaMapeoSchema,
          response: { 201: dataOf(plantillaMapeoSchema), ...errores },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await servicio.guardarPlantilla(destino, request.body) }),
    );
    app.delete(
      `${base}/mapeos/:id`,
      {
        config,
        schema: {
          tags,
          summary: 'Eliminar una plantilla de mapeo',
          params: idParamsSchema,
          response: { 204: z.null(), ...errores },
        },
      },
      async (request, reply) => {
        await servicio.borrarPlantilla(destino, request.params.id);
        return reply.code(204).send(null);
      },
    );
    app.get(
      `${base}/:id`,
      {
        config,
        schema: {
          tags,
          summary: 'Estado de una importación',
          params: idParamsSchema,
          response: { 200: dataOf(importacionSchema), ...errores },
        },
      },
      async (request) => ({ data: await servicio.leer(destino, request.params.id) }),
    );
    app.get(
      `${base}/:id/filas`,
      {
        config,
        schema: {
          tags,
          summary: 'Filas validadas (vista previa, errores, duplicadas)',
          params: idParamsSchema,
          querystring: filasImportacionQuerySchema,
          response: { 200: filasImportacionPageSchema, ...errores },
        },
      },
      async (request) => servicio.filas(destino, request.params.id, request.query),
    );
    app.get(
      `${base}/:id/errores.csv`,
      {
        config,
        schema: { tags, summary: 'Errores (CSV)', params: idParamsSchema, produces: ['text/csv'] },
      },
      async (request, reply) =>
        enviarCsv(
          reply,
          `errores-importacion-${request.params.id.slice(0, 8)}`,
          await servicio.erroresCsv(destino, request.params.id),
        ),
    );
    app.get(
      `${base}/:id/informe.csv`,
      {
        config,
        schema: { tags, summary: 'Informe (CSV)', params: idParamsSchema, produces: ['text/csv'] },
      },
      async (request, reply) =>
        enviarCsv(
          reply,
          `informe-importacion-${request.params.id.slice(0, 8)}`,
          await servicio.informeCsv(destino, request.params.id),
        ),
    );
    app.post(
      `${base}/:id/validar`,
      {
        config,
        schema: {
          tags,
          summary: 'Validar (NDJSON: progreso y resumen)',
          params: idParamsSchema,
          body: validarImportacionSchema,
          produces: ['application/x-ndjson'],
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const stream = await servicio.validar(destino, request.params.id, request.body, {
          sub: user.sub ?? null,
          email: user.email ?? null,
        });
        return reply.type(NDJSON).header('cache-control', 'no-store').send(stream);
      },
    );
    app.post(
      `${base}/:id/confirmar`,
      {
        config,
        schema: {
          tags,
          summary: 'Importar (NDJSON: progreso y resultado)',
          params: idParamsSchema,
          body: confirmarImportacionSchema,
          produces: ['application/x-ndjson'],
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const stream = await servicio.confirmar(
          destino,
          request.params.id,
          expectedVersion(request, request.body.version),
          { sub: user.sub ?? null, email: user.email ?? null },
        );
        return reply.type(NDJSON).header('cache-control', 'no-store').send(stream);
      },
    );
  }
};
