import multipart from '@fastify/multipart';
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
} from '@tvsistema/domain/inventario';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/auth.plugin.js';
import { HttpError, invalidData, notFound } from '../../http/errors.js';
import { errorSchema, idParamsSchema } from '../../http/schemas.js';
import { expectedVersion } from '../../http/versioning.js';
import type { ModuleContext } from '../../module.js';
import { servicioArchivos } from '../archivos/index.js';
import {
  archivoDeDocumento,
  deleteDocumento,
  documentosDe,
  fotoDe,
  insertDocumento,
  setFoto,
} from './documentos.repository.js';
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

/** Images a machine's photo may be (files convention: JPEG, PNG, WebP). */
const IMAGENES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * §6.1: a refused upload is a 400 naming the field (`archivo: …`), not the files service's 413 /
 * 415 (decision 0026, like decision 0039 lets a module's design file word its refusals).
 */
const ARCHIVO_RECHAZADO: Readonly<Record<number, string>> = {
  413: 'archivo: El archivo supera 25 MB',
  415: 'archivo: Tipo de archivo no admitido',
};
const recibirArchivo = async <T>(recibir: () => Promise<T>): Promise<T> => {
  try {
    return await recibir();
  } catch (error) {
    const campo = error instanceof HttpError ? ARCHIVO_RECHAZADO[error.statusCode] : undefined;
    throw campo ? invalidData([campo]) : error;
  }
};

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
      return { data: await documentosDe(database.db, request.params.id) };
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
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const maquina = await maquinas.get(request.params.id, { verPrecio: false });
      const user = currentUser(request);
      const { archivo, campos } = await recibirArchivo(() =>
        archivos.recibir(request, propietario(maquina._id), user),
      );
      const parsed = documentoCamposSchema.safeParse(campos);
      if (!parsed.success) {
        // Nothing of a refused document stays.
        await archivos.remove(propietario(maquina._id), archivo._id);
        throw invalidData(
          parsed.error.issues.map((i) => `${i.path.join('.') || 'tipo'}: ${i.message}`),
        );
      }
      const d = parsed.data;
      const data = await insertDocumento(database.db, {
        maquinaId: maquina._id,
        tipo: d.tipo,
        descripcion: d.descripcion,
        fechaEmision: d.fechaEmision,
        fechaCaducidad: d.fechaCaducidad,
        archivoId: archivo._id,
        createdBySub: user.sub,
        createdByEmail: user.email,
      });
      return reply.code(201).send({ data });
    },
  );

  const documento = async (maquinaId: string, docId: string) => {
    await maquinas.get(maquinaId, { verPrecio: false });
    const row = await archivoDeDocumento(database.db, maquinaId, docId);
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
      await deleteDocumento(database.db, request.params.docId);
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
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const maquina = await maquinas.get(request.params.id, { verPrecio: false });
      const owner = { ...propietario(maquina._id), recurso: 'maquina.foto' };
      const { archivo } = await recibirArchivo(() =>
        archivos.recibir(request, owner, currentUser(request)),
      );
      if (!IMAGENES.has(archivo.mime)) {
        await archivos.remove(owner, archivo._id);
        throw invalidData([
          'archivo: Tipo de archivo no admitido: la foto debe ser JPEG, PNG o WebP',
        ]);
      }
      const anterior = await fotoDe(database.db, maquina._id);
      await setFoto(database.db, maquina._id, archivo._id);
      if (anterior) await archivos.remove(owner, anterior).catch(() => undefined);
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
      const foto = await fotoDe(database.db, maquina._id);
      if (!foto) throw notFound('La máquina no tiene foto');
      const { archivo, stream } = await archivos.download(
        { ...propietario(maquina._id), recurso: 'maquina.foto' },
        foto,
      );
      return (reply as FastifyReply)
        .type(archivo.mime)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
};
