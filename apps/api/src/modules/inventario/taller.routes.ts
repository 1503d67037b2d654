import multipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ARCHIVO_MAX_BYTES } from '@tvsistema/domain/archivos';
import {
  accionMantenimientoSchema,
  documentoCamposSchema,
  documentoMaquinaSchema,
  finalizarMantenimientoSchema,
  mantenimientoCreateSchema,
  mantenimientoSchema,
  mantenimientoUpdateSchema,
  MANTENIMIENTO_MESSAGES as MM,
  type DocumentoMaquina,
} from '@tvsistema/domain/inventario';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/auth.plugin.js';
import { rowsOf } from '../../db/executor.js';
import { HttpError, invalidData, notFound } from '../../http/errors.js';
import { errorSchema, idParamsSchema } from '../../http/schemas.js';
import { expectedVersion } from '../../http/versioning.js';
import type { ModuleContext } from '../../module.js';
import { servicioArchivos } from '../archivos/index.js';
import { idValido, isoSql } from './inventario-comun.js';
import { sinContenido } from './inventario-rutas.js';
import { createMaquinasService } from './maquinas.service.js';
import { createMantenimientosService } from './mantenimientos.service.js';

// §6.1's workshop and paperwork routes of a machine: maintenances (maquinaria.taller) and
// documents and photo (maquinaria.edit), the files on the shared files service.

const tags = ['maquinaria'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const mParams = z.object({ id: z.string(), mid: z.string() });
const dParams = z.object({ id: z.string(), docId: z.string() });
const record = z.object({ data: mantenimientoSchema });

const documentoJson = sql.raw(`jsonb_build_object('_id', d.id, 'tipo', d.tipo,
  'descripcion', d.descripcion, 'fechaEmision', d.fecha_emision, 'fechaCaducidad', d.fecha_caducidad,
  'archivo', (select jsonb_build_object('_id', a.id, 'nombre', a.nombre, 'mime', a.mime, 'tamano', a.tamano)
    from archivos a where a.id = d.archivo_id),
  'createdAt', ${isoSql('d.created_at')}, 'createdBy', coalesce(d.created_by_email, d.created_by_sub))`);

/** Images a machine's photo may be (files convention: JPEG, PNG, WebP). */
const IMAGENES = new Set(['image/jpeg', 'image/png', 'image/webp']);

export const tallerRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, config, today },
) => {
  const maquinas = createMaquinasService(database, today);
  const service = createMantenimientosService(database, today, maquinas);
  const archivos = servicioArchivos(database, config.dataDir, config.s3);
  await app.register(multipart, { limits: { fileSize: ARCHIVO_MAX_BYTES, files: 1, fields: 8 } });
  const propietario = (id: string) => ({
    recurso: 'maquina',
    registroId: id,
    empresa: 'alquileres',
  });

  app.get(
    '/maquinaria/:id/mantenimientos',
    {
      config: { permission: 'maquinaria.view' },
      schema: {
        tags,
        summary: 'Mantenimientos de la máquina',
        params: idParamsSchema,
        response: {
          200: z.object({ data: z.array(mantenimientoSchema) }),
          404: errorSchema,
          ...errors,
        },
      },
    },
    async (request) => ({ data: await service.list(request.params.id) }),
  );

  app.post(
    '/maquinaria/:id/mantenimientos',
    {
      config: { permission: 'maquinaria.taller' },
      schema: {
        tags,
        summary:
          'Programar un mantenimiento, o «Enviar a taller» (urgente) con las reservas afectadas',
        params: idParamsSchema,
        body: mantenimientoCreateSchema,
        response: {
          201: z.object({ data: mantenimientoSchema, avisos: z.array(z.string()) }),
          404: errorSchema,
          409: errorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.create(currentUser(request), request.params.id, request.body)),
  );

  app.put(
    '/maquinaria/:id/mantenimientos/:mid',
    {
      config: { permission: 'maquinaria.taller' },
      schema: {
        tags,
        summary: 'Cambiar un mantenimiento programado',
        params: mParams,
        body: mantenimientoUpdateSchema,
        response: { 200: record, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => {
      const { version, ...input } = request.body;
      return {
        data: await service.update(
          currentUser(request),
          request.params.id,
          request.params.mid,
          input,
          expectedVersion(request, version),
        ),
      };
    },
  );

  for (const accion of ['iniciar', 'cancelar'] as const)
    app.post(
      `/maquinaria/:id/mantenimientos/:mid/${accion}`,
      {
        config: { permission: 'maquinaria.taller' },
        schema: {
          tags,
          summary:
            accion === 'iniciar'
              ? 'Iniciar un mantenimiento programado'
              : 'Cancelar un mantenimiento programado',
          params: mParams,
          body: accionMantenimientoSchema,
          response: { 200: record, 404: errorSchema, 409: errorSchema, ...errors },
        },
      },
      async (request) => ({
        data: await service[accion](
          request.params.id,
          request.params.mid,
          expectedVersion(request, request.body.version),
        ),
      }),
    );

  app.post(
    '/maquinaria/:id/mantenimientos/:mid/finalizar',
    {
      config: { permission: 'maquinaria.taller' },
      schema: {
        tags,
        summary: 'Finalizar un mantenimiento en curso',
        params: mParams,
        body: finalizarMantenimientoSchema,
        response: { 200: record, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => ({
      data: await service.finalizar(
        currentUser(request),
        request.params.id,
        request.params.mid,
        request.body,
      ),
    }),
  );

  app.get(
    '/maquinaria/:id/documentos',
    {
      config: { permission: 'maquinaria.view' },
      schema: {
        tags,
        summary: 'Documentos de la máquina',
        params: idParamsSchema,
        response: {
          200: z.object({ data: z.array(documentoMaquinaSchema) }),
          404: errorSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      await maquinas.get(request.params.id, { verPrecio: false });
      const rows = await rowsOf<{ r: DocumentoMaquina }>(
        database.db,
        sql`select ${documentoJson} as r from maquina_documentos d where d.maquina_id = ${request.params.id}
            order by d.tipo, d.fecha_caducidad desc nulls last`,
      );
      return { data: rows.map((row) => row.r) };
    },
  );

  app.post(
    '/maquinaria/:id/documentos',
    {
      config: { permission: 'maquinaria.edit' },
      schema: {
        tags,
        summary:
          'Añadir un documento (multipart: tipo, descripcion, fechaEmision, fechaCaducidad y después «archivo»)',
        params: idParamsSchema,
        response: {
          201: z.object({ data: documentoMaquinaSchema }),
          404: errorSchema,
          413: errorSchema,
          415: errorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const maquina = await maquinas.get(request.params.id, { verPrecio: false });
      const user = currentUser(request);
      const { archivo, campos } = await archivos.recibir(request, propietario(maquina._id), user);
      const parsed = documentoCamposSchema.safeParse(campos);
      if (!parsed.success) {
        // Nothing of a refused document stays.
        await archivos.remove(propietario(maquina._id), archivo._id);
        throw invalidData(
          parsed.error.issues.map((i) => `${i.path.join('.') || 'tipo'}: ${i.message}`),
        );
      }
      const d = parsed.data;
      const [row] = await rowsOf<{ id: string }>(
        database.db,
        sql`insert into maquina_documentos (maquina_id, tipo, descripcion, fecha_emision, fecha_caducidad,
              archivo_id, created_by_sub, created_by_email)
            values (${maquina._id}, ${d.tipo}, ${d.descripcion ?? null}, ${d.fechaEmision ?? null},
              ${d.fechaCaducidad ?? null}, ${archivo._id}, ${user.sub}, ${user.email})
            returning id::text`,
      );
      const [data] = await rowsOf<{ r: DocumentoMaquina }>(
        database.db,
        sql`select ${documentoJson} as r from maquina_documentos d where d.id = ${row?.id ?? ''}`,
      );
      if (!data) throw new Error('document insert returned no row');
      return reply.code(201).send({ data: data.r });
    },
  );

  const documento = async (maquinaId: string, docId: string) => {
    await maquinas.get(maquinaId, { verPrecio: false });
    const [row] = idValido(docId)
      ? await rowsOf<{ archivoId: string | null }>(
          database.db,
          sql`select archivo_id::text as "archivoId" from maquina_documentos where id = ${docId} and maquina_id = ${maquinaId}`,
        )
      : [];
    if (!row) throw notFound(MM.documentoNoEncontrado);
    return row;
  };

  app.get(
    '/maquinaria/:id/documentos/:docId/archivo',
    {
      config: { permission: 'maquinaria.view' },
      schema: { tags, summary: 'Descargar el archivo de un documento', params: dParams },
    },
    async (request, reply) => {
      const { archivoId } = await documento(request.params.id, request.params.docId);
      const { archivo, stream } = await archivos.download(
        propietario(request.params.id),
        archivoId ?? '',
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
    '/maquinaria/:id/documentos/:docId',
    {
      config: { permission: 'maquinaria.edit' },
      schema: {
        tags,
        summary: 'Eliminar un documento',
        params: dParams,
        response: { 204: sinContenido, 404: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { archivoId } = await documento(request.params.id, request.params.docId);
      await rowsOf(
        database.db,
        sql`delete from maquina_documentos where id = ${request.params.docId}`,
      );
      if (archivoId)
        await archivos.remove(propietario(request.params.id), archivoId).catch(() => undefined);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/maquinaria/:id/foto',
    {
      config: { permission: 'maquinaria.edit' },
      schema: {
        tags,
        summary: 'Poner la foto de la máquina (JPEG, PNG o WebP; multipart «archivo»)',
        params: idParamsSchema,
        response: {
          204: sinContenido,
          404: errorSchema,
          413: errorSchema,
          415: errorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const maquina = await maquinas.get(request.params.id, { verPrecio: false });
      const owner = { ...propietario(maquina._id), recurso: 'maquina.foto' };
      const { archivo } = await archivos.recibir(request, owner, currentUser(request));
      if (!IMAGENES.has(archivo.mime)) {
        await archivos.remove(owner, archivo._id);
        throw new HttpError(415, 'Tipo de archivo no admitido: la foto debe ser JPEG, PNG o WebP');
      }
      const [anterior] = await rowsOf<{ id: string | null }>(
        database.db,
        sql`select foto_archivo_id::text as id from maquinas where id = ${maquina._id}`,
      );
      await rowsOf(
        database.db,
        sql`update maquinas set foto_archivo_id = ${archivo._id} where id = ${maquina._id}`,
      );
      if (anterior?.id) await archivos.remove(owner, anterior.id).catch(() => undefined);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/maquinaria/:id/foto',
    {
      config: { permission: 'maquinaria.view' },
      schema: { tags, summary: 'La foto de la máquina', params: idParamsSchema },
    },
    async (request, reply) => {
      const maquina = await maquinas.get(request.params.id, { verPrecio: false });
      const [row] = await rowsOf<{ id: string | null }>(
        database.db,
        sql`select foto_archivo_id::text as id from maquinas where id = ${maquina._id}`,
      );
      if (!row?.id) throw notFound('La máquina no tiene foto');
      const { archivo, stream } = await archivos.download(
        { ...propietario(maquina._id), recurso: 'maquina.foto' },
        row.id,
      );
      return (reply as FastifyReply)
        .type(archivo.mime)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
};
