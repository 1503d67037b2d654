import { z } from 'zod';
import {
  fotoParteSchema,
  OBRAS_MESSAGES as M,
  parteTrabajoAccionSchema,
  parteTrabajoCreateSchema,
  parteTrabajoListQuerySchema,
  parteTrabajoReabrirSchema,
  parteTrabajoSchema,
  parteTrabajoUpdateSchema,
  type FotoParte,
} from '@tvsistema/domain/obras';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, userDisplayName } from '../../auth/auth.plugin.js';
import { HttpError, notFound } from '../../http/errors.js';
import { errorSchema, pageResponseSchema } from '../../http/schemas.js';
import { expectedVersion, withVersionTag } from '../../http/versioning.js';
import type { ModuleContext } from '../../module.js';
import type { ArchivosService, Propietario } from '../archivos/index.js';
import { enviarJson } from '../../http/json-text.js';
import { parteTrabajoPdf } from './obras-pdf.js';
import type { ObrasService } from './obras.service.js';
import {
  contarFotos,
  deleteFoto,
  fotoDeParte,
  fotosDeParte,
  insertFoto,
  setMiniatura,
  type FotoFila,
} from './partes-trabajo.repository.js';
import { createPartesTrabajoService } from './partes-trabajo.service.js';

// §6 /api/obras/{id}/partes-trabajo: daily work reports, their close and reopen, photos and PDF.

const tags = ['partes de trabajo'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const record = z.object({ data: parteTrabajoSchema });
const obraParams = z.object({ id: z.string() });
const params = z.object({ id: z.string(), parteId: z.string() });
const fotoParams = z.object({ id: z.string(), parteId: z.string(), archivoId: z.string() });

/** Photos (§4.9): JPEG, PNG and WebP, as the shared files service recognises them. */
const IMAGENES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);

export type PartesTrabajoContext = ModuleContext & {
  obras: ObrasService;
  archivos: ArchivosService;
};

export const partesTrabajoRoutes: FastifyPluginAsyncZod<PartesTrabajoContext> = async (
  app,
  { database, today, obras, archivos },
) => {
  const db = database.db;
  const service = createPartesTrabajoService(database, today, obras);
  const base = '/obras/:id/partes-trabajo';
  /** A photo the files service refuses by type gets the photos' own 415 text (§6). */
  const recibirFoto = (request: FastifyRequest, owner: Propietario) =>
    archivos.recibir(request, owner, currentUser(request)).catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 415)
        throw new HttpError(415, M.soloImagenes);
      throw error;
    });
  const propietario = (parteId: string) => ({
    recurso: 'parte_trabajo.foto',
    registroId: parteId,
    empresa: 'verticales',
  });
  const fotoDe = (obraId: string, parteId: string, f: FotoFila): FotoParte => {
    const url = `/api/obras/${obraId}/partes-trabajo/${parteId}/fotos/${f._id}`;
    return {
      _id: f._id,
      nombre: f.nombre,
      mime: f.mime,
      tamano: f.tamano,
      url,
      miniatura: `${url}/miniatura`,
      createdAt: f.createdAt,
    };
  };

  app.get(
    base,
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Partes de trabajo de la obra (los más recientes primero)',
        params: obraParams,
        querystring: parteTrabajoListQuerySchema,
        response: { 200: pageResponseSchema(parteTrabajoSchema), 404: errorSchema, ...errors },
      },
    },
    async (request, reply) =>
      enviarJson(
        reply,
        await service.list(request.params.id, request.query.page, request.query.limit),
      ),
  );

  app.post(
    base,
    {
      config: { permission: 'obras.edit' },
      schema: {
        tags,
        summary: 'Nuevo parte de trabajo (borrador; solo en obras en curso)',
        params: obraParams,
        body: parteTrabajoCreateSchema,
        response: { 201: record, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.create(currentUser(request), request.params.id, request.body);
      return reply.code(201).send({ data: withVersionTag(reply, data) });
    },
  );

  app.get(
    `${base}/:parteId`,
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Parte de trabajo',
        params,
        response: { 200: record, 404: errorSchema, ...errors },
      },
    },
    async (request, reply) => ({
      data: withVersionTag(reply, await service.get(request.params.id, request.params.parteId)),
    }),
  );

  app.put(
    `${base}/:parteId`,
    {
      config: { permission: 'obras.edit' },
      schema: {
        tags,
        summary: 'Modificar un parte en borrador',
        params,
        body: parteTrabajoUpdateSchema,
        response: { 200: record, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { version, ...input } = request.body;
      const data = await service.update(
        currentUser(request),
        request.params.id,
        request.params.parteId,
        input,
        expectedVersion(request, version),
      );
      return { data: withVersionTag(reply, data) };
    },
  );

  app.delete(
    `${base}/:parteId`,
    {
      config: { permission: 'obras.edit' },
      schema: {
        tags,
        summary: 'Eliminar un parte en borrador (no consume número)',
        params,
        response: { 200: record, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => ({
      data: await service.remove(currentUser(request), request.params.id, request.params.parteId),
    }),
  );

  app.post(
    `${base}/:parteId/cerrar`,
    {
      config: { permission: 'obras.edit' },
      schema: {
        tags,
        summary: 'Cerrar parte (asigna el número PT{AAAA}-{NNNNN})',
        params,
        body: parteTrabajoAccionSchema,
        response: { 200: record, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.cerrar(
        currentUser(request),
        request.params.id,
        request.params.parteId,
        expectedVersion(request, request.body.version),
      );
      return { data: withVersionTag(reply, data) };
    },
  );

  app.post(
    `${base}/:parteId/reabrir`,
    {
      config: { permission: 'obras.edit' },
      schema: {
        tags,
        summary: 'Reabrir parte (conserva su número)',
        params,
        body: parteTrabajoReabrirSchema,
        response: { 200: record, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.reabrir(
        currentUser(request),
        request.params.id,
        request.params.parteId,
        request.body.motivo,
        expectedVersion(request, request.body.version),
      );
      return { data: withVersionTag(reply, data) };
    },
  );

  app.get(
    `${base}/:parteId/pdf`,
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Parte de trabajo (PDF)',
        params,
        produces: ['application/pdf'],
        response: { 404: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const obra = await obras.get(request.params.id);
      const parte = await service.leer(db, obra._id, request.params.parteId);
      // The 480 px thumbnails (the original when none was made), six at most (§5.7).
      const fotos: Buffer[] = [];
      for (const f of (await fotosDeParte(db, parte._id)).slice(0, 6)) {
        const { stream } = await archivos
          .download(propietario(parte._id), f.miniaturaArchivoId ?? f.archivoId)
          .catch(() => ({ stream: undefined }));
        if (!stream) continue;
        const partes: Buffer[] = [];
        for await (const chunk of stream) partes.push(Buffer.from(chunk as Uint8Array));
        fotos.push(Buffer.concat(partes));
      }
      const pdf = await parteTrabajoPdf(
        db,
        today(),
        userDisplayName(currentUser(request)),
        obra,
        parte,
        fotos,
      );
      return (reply as FastifyReply)
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="parte-${parte.numero ?? 'borrador'}.pdf"`,
        )
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    `${base}/:parteId/fotos`,
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Fotos del parte',
        params,
        response: {
          200: z.object({ data: z.array(fotoParteSchema) }),
          404: errorSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const parte = await service.get(request.params.id, request.params.parteId);
      return {
        data: (await fotosDeParte(db, parte._id)).map((f) =>
          fotoDe(request.params.id, parte._id, f),
        ),
      };
    },
  );

  app.post(
    `${base}/:parteId/fotos`,
    {
      config: { permission: 'obras.edit' },
      schema: {
        tags,
        summary: 'Añadir una foto (multipart «archivo»: JPEG, PNG o WebP; 20 como máximo)',
        params,
        response: {
          201: z.object({ data: fotoParteSchema }),
          404: errorSchema,
          409: errorSchema,
          413: errorSchema,
          415: errorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const parte = await service.get(request.params.id, request.params.parteId);
      await service.puedeAnadirFoto(db, parte);
      const owner = propietario(parte._id);
      const { archivo } = await recibirFoto(request, owner);
      if (!IMAGENES.has(archivo.mime)) {
        await archivos.remove(owner, archivo._id);
        throw new HttpError(415, M.soloImagenes);
      }
      // Two uploads racing for the 20th place: the count is checked again after the insert.
      const id = await insertFoto(db, parte._id, archivo._id);
      if ((await contarFotos(db, parte._id)) > 20) {
        await deleteFoto(db, parte._id, id);
        await archivos.remove(owner, archivo._id);
        throw new HttpError(409, M.maxFotos);
      }
      const foto = await fotoDeParte(db, parte._id, id);
      if (!foto) throw notFound();
      await service.fotoEnHistorial(currentUser(request), parte, foto.nombre, 'añadida');
      return reply.code(201).send({ data: fotoDe(request.params.id, parte._id, foto) });
    },
  );

  const foto = async (obraId: string, parteId: string, fotoId: string) => {
    const parte = await service.get(obraId, parteId);
    const f = await fotoDeParte(db, parte._id, fotoId);
    if (!f) throw notFound('Foto no encontrada');
    return { parte, f };
  };

  const enviar = async (reply: FastifyReply, parteId: string, archivoId: string) => {
    const { archivo, stream } = await archivos.download(propietario(parteId), archivoId);
    return reply
      .type(archivo.mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(stream);
  };

  app.get(
    `${base}/:parteId/fotos/:archivoId`,
    {
      config: { permission: 'obras.view' },
      schema: { tags, summary: 'La foto', params: fotoParams },
    },
    async (request, reply) => {
      const { parte, f } = await foto(
        request.params.id,
        request.params.parteId,
        request.params.archivoId,
      );
      return enviar(reply as FastifyReply, parte._id, f.archivoId);
    },
  );

  app.get(
    `${base}/:parteId/fotos/:archivoId/miniatura`,
    {
      config: { permission: 'obras.view' },
      schema: { tags, summary: 'La miniatura de la foto (480 px)', params: fotoParams },
    },
    async (request, reply) => {
      const { parte, f } = await foto(
        request.params.id,
        request.params.parteId,
        request.params.archivoId,
      );
      return enviar(reply as FastifyReply, parte._id, f.miniaturaArchivoId ?? f.archivoId);
    },
  );

  app.put(
    `${base}/:parteId/fotos/:archivoId/miniatura`,
    {
      config: { permission: 'obras.edit' },
      schema: {
        tags,
        summary: 'Subir la miniatura que el navegador hace de la foto (JPEG de 480 px)',
        params: fotoParams,
        response: {
          200: z.object({ data: fotoParteSchema }),
          404: errorSchema,
          413: errorSchema,
          415: errorSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const { parte, f } = await foto(
        request.params.id,
        request.params.parteId,
        request.params.archivoId,
      );
      const owner = propietario(parte._id);
      const { archivo } = await recibirFoto(request, owner);
      if (!IMAGENES.has(archivo.mime)) {
        await archivos.remove(owner, archivo._id);
        throw new HttpError(415, M.soloImagenes);
      }
      await setMiniatura(db, f._id, archivo._id);
      if (f.miniaturaArchivoId)
        await archivos.remove(owner, f.miniaturaArchivoId).catch(() => undefined);
      const actual = await fotoDeParte(db, parte._id, f._id);
      if (!actual) throw notFound();
      return { data: fotoDe(request.params.id, parte._id, actual) };
    },
  );

  app.delete(
    `${base}/:parteId/fotos/:archivoId`,
    {
      config: { permission: 'obras.edit' },
      schema: {
        tags,
        summary: 'Eliminar una foto',
        params: fotoParams,
        response: {
          200: z.object({ data: fotoParteSchema }),
          404: errorSchema,
          409: errorSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const { parte, f } = await foto(
        request.params.id,
        request.params.parteId,
        request.params.archivoId,
      );
      if (parte.estado !== 'borrador') throw new HttpError(409, M.parteCerrado);
      await deleteFoto(db, parte._id, f._id);
      await service.fotoEnHistorial(currentUser(request), parte, f.nombre, 'eliminada');
      const owner = propietario(parte._id);
      await archivos.remove(owner, f.archivoId).catch(() => undefined);
      if (f.miniaturaArchivoId)
        await archivos.remove(owner, f.miniaturaArchivoId).catch(() => undefined);
      return { data: fotoDe(request.params.id, parte._id, f) };
    },
  );
};
