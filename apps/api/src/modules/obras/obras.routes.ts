import multipart from '@fastify/multipart';
import { z } from 'zod';
import { ARCHIVO_MAX_BYTES, ARCHIVO_MESSAGES } from '@tvsistema/domain/archivos';
import { historialQuerySchema } from '@tvsistema/domain/historial';
import {
  documentoObraCamposSchema,
  documentoObraSchema,
  obraCreateSchema,
  obraEquipoSchema,
  obraEstadoSchema,
  obraExportQuerySchema,
  obraListQuerySchema,
  obraResumenSchema,
  obraSchema,
  obraUpdateSchema,
  OBRAS_MESSAGES as M,
  planificacionQuerySchema,
  planificacionSchema,
  type DocumentoObra,
} from '@tvsistema/domain/obras';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, userDisplayName } from '../../auth/auth.plugin.js';
import { invalidData, notFound } from '../../http/errors.js';
import { errorSchema, idParamsSchema, pageResponseSchema } from '../../http/schemas.js';
import { expectedVersion, withVersionTag } from '../../http/versioning.js';
import type { ModuleContext } from '../../module.js';
import { servicioArchivos } from '../archivos/index.js';
import { historialResponseSchema, registrarHistorial } from '../historial/index.js';
import { enviarJson } from '../../http/json-text.js';
import { obrasCsv } from './obras-csv.js';
import { fichaObraPdf } from './obras-pdf.js';
import {
  deleteDocumentoObra,
  documentoDeObra,
  documentosDeObra,
  insertDocumentoObra,
} from './obras.repository.js';
import { createObrasService, RECURSO_OBRA } from './obras.service.js';
import { operariosRoutes } from './operarios.routes.js';
import { partesTrabajoRoutes } from './partes-trabajo.routes.js';
import { partesTrabajoCerrados } from './partes-trabajo.repository.js';
import { planificacion } from './planificacion.service.js';

// §6: /api/obras — works, their state, team, documents, PDF, CSV and the planning grid; the
// operarios and daily work reports register beside them.

const tags = ['obras'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const record = z.object({ data: obraSchema });
const dParams = z.object({ id: z.string(), archivoId: z.string() });

const documentoDe = (d: Awaited<ReturnType<typeof documentosDeObra>>[number]): DocumentoObra => ({
  _id: d._id,
  categoria: d.categoria as DocumentoObra['categoria'],
  fechaDocumento: d.fechaDocumento,
  vencimiento: d.vencimiento,
  nombre: d.nombre,
  mime: d.mime,
  tamano: d.tamano,
  createdAt: d.createdAt,
  createdBy: d.createdBy,
});

export const obrasRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, config, today },
) => {
  const db = database.db;
  const service = createObrasService(database, today);
  // flota-obras.md §6's own 415 text (decision 0039).
  const archivos = servicioArchivos(database, config.dataDir, config.s3, {
    tipoNoPermitido: ARCHIVO_MESSAGES.typeNotAllowedFlotaObras,
  });
  await app.register(multipart, { limits: { fileSize: ARCHIVO_MAX_BYTES, files: 1, fields: 8 } });
  const propietario = (id: string) => ({ recurso: 'obra', registroId: id, empresa: 'verticales' });

  app.get(
    '/obras',
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Lista paginada de obras con búsqueda, estado, tipo, cliente y fechas',
        querystring: obraListQuerySchema,
        response: { 200: pageResponseSchema(obraResumenSchema), ...errors },
      },
    },
    // §10: written with JSON.stringify, as a string with a JSON content type goes out as it is
    // (the response schema documents it; the API tests parse the answers with it, strict).
    async (request, reply) =>
      enviarJson(reply, await service.list(currentUser(request), request.query)),
  );

  app.get(
    '/obras/export',
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Exportación CSV (UTF-8 con BOM, separador ";") de las obras del filtro',
        querystring: obraExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const rows = await service.exportRows(currentUser(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="obras-${today()}.csv"`)
        .header('cache-control', 'no-store')
        .send(obrasCsv(rows));
    },
  );

  app.get(
    '/obras/planificacion',
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Planificación: operarios × días (como máximo 42) con las obras de cada día',
        querystring: planificacionQuerySchema,
        response: { 200: z.object({ data: planificacionSchema }), ...errors },
      },
    },
    async (request, reply) =>
      enviarJson(reply, {
        data: await planificacion(database, request.query.desde, request.query.hasta),
      }),
  );

  app.get(
    '/obras/:id',
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Obra con su equipo, aptitud y alertas',
        params: idParamsSchema,
        response: { 200: record, 404: errorSchema, ...errors },
      },
    },
    async (request, reply) => ({
      data: withVersionTag(reply, await service.get(request.params.id)),
    }),
  );

  app.get(
    '/obras/:id/historial',
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Historial de cambios de la obra',
        params: idParamsSchema,
        querystring: historialQuerySchema,
        response: { 200: historialResponseSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => service.history(request.params.id, request.query),
  );

  app.post(
    '/obras',
    {
      config: { permission: 'obras.edit' },
      schema: {
        tags,
        summary: 'Alta de obra (código OB{AAAA}-{NNNNN})',
        body: obraCreateSchema,
        response: { 201: record, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.create(currentUser(request), request.body);
      return reply.code(201).send({ data: withVersionTag(reply, data) });
    },
  );

  app.put(
    '/obras/:id',
    {
      config: { permission: 'obras.edit' },
      schema: {
        tags,
        summary: 'Modificación (el equipo y el estado tienen sus propias rutas)',
        params: idParamsSchema,
        body: obraUpdateSchema,
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

  app.post(
    '/obras/:id/estado',
    {
      config: { permission: 'obras.edit' },
      schema: {
        tags,
        summary: 'Cambio de estado (planificar, iniciar, pausar, reanudar, finalizar, cancelar…)',
        params: idParamsSchema,
        body: obraEstadoSchema,
        response: { 200: record, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.estado(currentUser(request), request.params.id, {
        ...request.body,
        version: expectedVersion(request, request.body.version),
      });
      return { data: withVersionTag(reply, data) };
    },
  );

  app.put(
    '/obras/:id/equipo',
    {
      config: { permission: 'obras.edit' },
      schema: {
        tags,
        summary: 'El equipo de la obra (la única forma de cambiarlo)',
        params: idParamsSchema,
        body: obraEquipoSchema,
        response: { 200: record, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.equipo(currentUser(request), request.params.id, {
        ...request.body,
        version: expectedVersion(request, request.body.version),
      });
      return { data: withVersionTag(reply, data) };
    },
  );

  app.get(
    '/obras/:id/pdf',
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Ficha de obra (PDF)',
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: { 404: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const obra = await service.get(request.params.id);
      const documentos = (await documentosDeObra(db, obra._id)).map(documentoDe);
      const pdf = await fichaObraPdf(
        db,
        today(),
        userDisplayName(currentUser(request)),
        obra,
        documentos,
        await partesTrabajoCerrados(db, obra._id),
      );
      return (reply as FastifyReply)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="obra-${obra.codigo}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/obras/:id/documentos',
    {
      config: { permission: 'obras.view' },
      schema: {
        tags,
        summary: 'Documentos de la obra',
        params: idParamsSchema,
        response: {
          200: z.object({ data: z.array(documentoObraSchema) }),
          404: errorSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const obra = await service.get(request.params.id);
      return { data: (await documentosDeObra(db, obra._id)).map(documentoDe) };
    },
  );

  app.post(
    '/obras/:id/documentos',
    {
      config: { permission: 'obras.edit' },
      schema: {
        tags,
        summary:
          'Subir un documento (multipart: categoria, fechaDocumento, vencimiento y después «archivo»)',
        params: idParamsSchema,
        response: {
          201: z.object({ data: documentoObraSchema }),
          404: errorSchema,
          413: errorSchema,
          415: errorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const obra = await service.get(request.params.id);
      const user = currentUser(request);
      const { archivo, campos } = await archivos.recibir(request, propietario(obra._id), user);
      const parsed = documentoObraCamposSchema.safeParse(campos);
      if (!parsed.success) {
        // Nothing of a refused document stays.
        await archivos.remove(propietario(obra._id), archivo._id);
        throw invalidData(
          parsed.error.issues.map((i) => `${i.path.join('.') || 'categoria'}: ${i.message}`),
        );
      }
      const documento = await db.transaction(async (tx) => {
        const antes = await service.bloquear(tx, obra._id);
        const id = await insertDocumentoObra(tx, {
          obraId: obra._id,
          categoria: parsed.data.categoria,
          fechaDocumento: parsed.data.fechaDocumento ?? null,
          vencimiento: parsed.data.vencimiento ?? null,
          archivoId: archivo._id,
          createdBySub: user.sub,
          createdByEmail: user.email,
        });
        await service.tocar(tx, user, obra._id);
        await registrarHistorial(tx, {
          recurso: RECURSO_OBRA,
          registroId: obra._id,
          empresa: 'verticales',
          accion: 'modificar',
          antes: { documentos: antes.documentosSeguridad ? 'con seguridad' : '' },
          despues: { documentos: `${parsed.data.categoria}: ${archivo.nombre}` },
          campos: ['documentos'],
          usuario: user,
        });
        return documentoDeObra(tx, obra._id, id);
      });
      if (!documento) throw notFound(M.documentoNoEncontrado);
      return reply.code(201).send({ data: documentoDe(documento) });
    },
  );

  const documento = async (obraId: string, docId: string) => {
    const obra = await service.get(obraId);
    const d = await documentoDeObra(db, obra._id, docId);
    if (!d) throw notFound(M.documentoNoEncontrado);
    return d;
  };

  app.get(
    '/obras/:id/documentos/:archivoId',
    {
      config: { permission: 'obras.view' },
      schema: { tags, summary: 'Descargar un documento', params: dParams },
    },
    async (request, reply) => {
      const d = await documento(request.params.id, request.params.archivoId);
      if (!d.archivoId) throw notFound(M.documentoNoEncontrado);
      const { archivo, stream } = await archivos.download(
        propietario(request.params.id),
        d.archivoId,
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
    '/obras/:id/documentos/:archivoId',
    {
      config: { permission: 'obras.edit' },
      schema: {
        tags,
        summary: 'Eliminar un documento',
        params: dParams,
        response: { 200: z.object({ data: documentoObraSchema }), 404: errorSchema, ...errors },
      },
    },
    async (request) => {
      const d = await documento(request.params.id, request.params.archivoId);
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        await service.bloquear(tx, request.params.id);
        await deleteDocumentoObra(tx, d._id);
        await service.tocar(tx, user, request.params.id);
        await registrarHistorial(tx, {
          recurso: RECURSO_OBRA,
          registroId: request.params.id,
          empresa: 'verticales',
          accion: 'modificar',
          antes: { documentos: `${d.categoria}: ${d.nombre}` },
          despues: { documentos: '' },
          campos: ['documentos'],
          usuario: user,
        });
      });
      if (d.archivoId)
        if (d.archivoId)
          await archivos.remove(propietario(request.params.id), d.archivoId).catch(() => undefined);
      return { data: documentoDe(d) };
    },
  );

  // Only the module context: the options the platform passed carry its `prefix`, which a child
  // plugin would add a second time.
  await app.register(operariosRoutes, { database, config, today });
  await app.register(partesTrabajoRoutes, { database, config, today, obras: service, archivos });
};
