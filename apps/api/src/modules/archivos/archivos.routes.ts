import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { ARCHIVO_MAX_BYTES, archivoSchema, type Archivo } from '@tvsistema/domain/archivos';
import type { Permission } from '@tvsistema/domain/auth';
import { currentUser } from '../../auth/auth.plugin.js';
import type { AuthUser } from '../../auth/auth.plugin.js';
import type { Database } from '../../db/database.js';
import { errorSchema } from '../../http/schemas.js';
import { createArchivosRepository, type Propietario } from './archivos.repository.js';
import { createArchivosService } from './archivos.service.js';
import { createStorage } from './archivos.storage.js';
import type { S3Config } from '../../config.js';

export type ArchivoRoutesOptions = {
  database: Database;
  dataDir: string;
  /** The bucket, when S3_* is configured. */
  s3?: S3Config | undefined;
  /** e.g. `/proveedores/:id/archivos`. */
  base: string;
  tags: string[];
  view: Permission;
  edit: Permission;
  /** The record the files belong to, for this caller (404 when they may not read it). */
  owner: (user: AuthUser, id: string) => Promise<Propietario>;
};

/** A stored file as a download: its detected type, never sniffed, never cached. */
export const enviarArchivo = (reply: FastifyReply, archivo: Archivo, stream: Readable) =>
  reply
    .type(archivo.mime)
    .header('content-length', String(archivo.tamano))
    .header(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(archivo.nombre)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(stream);

const params = z.object({ id: z.string() });
const fileParams = z.object({ id: z.string(), archivoId: z.string() });

/**
 * A record's files: list, upload (multipart field `archivo`), download, delete — mounted by the
 * module that owns the record, with its permissions (modules/README.md "Files").
 */
export const registerArchivoRoutes = async (
  app: FastifyInstance,
  options: ArchivoRoutesOptions,
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // One more byte than allowed reaches the service, which answers the Spanish 413.
  await app.register(multipart, { limits: { fileSize: ARCHIVO_MAX_BYTES, files: 1, fields: 5 } });
  const service = createArchivosService(
    createArchivosRepository(options.database),
    createStorage(options.dataDir, options.s3),
  );
  const ownerOf = (request: FastifyRequest<{ Params: { id: string } }>) =>
    options.owner(currentUser(request), request.params.id);

  routes.get(
    options.base,
    {
      config: { permission: options.view },
      schema: {
        tags: options.tags,
        summary: 'Documentos del registro',
        params,
        response: { 200: z.object({ data: z.array(archivoSchema) }), 404: errorSchema },
      },
    },
    async (request) => ({ data: await service.list(await ownerOf(request)) }),
  );

  routes.post(
    options.base,
    {
      config: { permission: options.edit },
      schema: {
        tags: options.tags,
        summary: 'Subir un documento (multipart/form-data, campo «archivo»; 25 MB como máximo)',
        params,
        response: {
          201: z.object({ data: archivoSchema }),
          400: errorSchema,
          404: errorSchema,
          413: errorSchema,
          415: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const owner = await ownerOf(request);
      const data = await service.upload(request, owner, currentUser(request));
      return reply.code(201).send({ data });
    },
  );

  routes.get(
    `${options.base}/:archivoId`,
    {
      config: { permission: options.view },
      schema: { tags: options.tags, summary: 'Descargar un documento', params: fileParams },
    },
    async (request, reply) => {
      const { archivo, stream } = await service.download(
        await ownerOf(request),
        request.params.archivoId,
      );
      return enviarArchivo(reply, archivo, stream);
    },
  );

  routes.delete(
    `${options.base}/:archivoId`,
    {
      config: { permission: options.edit },
      schema: {
        tags: options.tags,
        summary: 'Eliminar un documento',
        params: fileParams,
        response: { 200: z.object({ data: archivoSchema }), 404: errorSchema },
      },
    },
    async (request) => ({
      data: await service.remove(await ownerOf(request), request.params.archivoId),
    }),
  );
};
