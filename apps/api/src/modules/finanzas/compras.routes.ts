import multipart from '@fastify/multipart';
import { z } from 'zod';
import { ARCHIVO_MAX_BYTES } from '@tvsistema/domain/archivos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  anularSchema,
  COMPRA_MESSAGES,
  compraCreateSchema,
  compraListQuerySchema,
  compraSchema,
  compraUpdateSchema,
  ESTADO_COMPRA_LABELS,
  pagoCreateSchema,
} from '@tvsistema/domain/finanzas';
import { formatFecha } from '@tvsistema/domain/format';
import { historialQuerySchema } from '@tvsistema/domain/historial';
import { idParamsSchema } from '@tvsistema/domain/lists';
import { currentUser } from '../../auth/auth.plugin.js';
import { HttpError } from '../../http/errors.js';
import { errorSchema } from '../../http/schemas.js';
import { expectedVersion, withVersionTag } from '../../http/versioning.js';
import type { ModuleContext } from '../../module.js';
import { servicioArchivos } from '../archivos/index.js';
import { historialResponseSchema } from '../historial/index.js';
import { createComprasService } from './compras.service.js';
import { csvFilas, decimalComa, enviarCsv } from './finanzas-csv.js';

// finanzas.md §6: /api/compras (compras.view / compras.edit), its pagos, anulación and the
// received invoice's PDF on the files service.

const tags = ['compras'];
const errores = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
};
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
/** Uploads wait here until a compra names them (registroId of the files service). */
const SIN_ASIGNAR = 'sin-asignar';
const TIPOS_PERMITIDOS = /^(application\/pdf|image\/)/;

export const comprasRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, config, today, now },
) => {
  // The received invoice's PDF comes as multipart; without the parser in this scope the upload
  // route failed with a 500 on any request.
  await app.register(multipart, { limits: { fileSize: ARCHIVO_MAX_BYTES, files: 1, fields: 5 } });
  const archivos = servicioArchivos(database, config.dataDir, config.s3);
  const propietario = (empresa: string) => ({
    recurso: 'compra',
    registroId: SIN_ASIGNAR,
    empresa,
  });
  const service = createComprasService({
    database,
    reloj: { today, now: now ?? (() => new Date()) },
    archivoDe: async (id, empresa) => {
      try {
        const { archivo, stream } = await archivos.download(propietario(empresa), id);
        stream.destroy();
        return {
          archivoId: archivo._id,
          nombre: archivo.nombre,
          tamano: archivo.tamano,
          mime: archivo.mime,
          sha256: '',
        };
      } catch {
        return undefined;
      }
    },
  });

  app.get(
    '/compras',
    {
      config: { permission: 'compras.view' },
      schema: { tags, summary: 'Lista de compras', querystring: compraListQuerySchema },
    },
    async (request) => service.list(currentUser(request), request.query),
  );

  app.get(
    '/compras/export',
    {
      config: { permission: 'compras.view' },
      schema: {
        tags,
        summary: 'CSV de compras',
        querystring: compraListQuerySchema.omit({ page: true, limit: true }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { data: rows } = await service.list(currentUser(request), {
        ...request.query,
        page: 1,
        limit: 10_000,
      });
      const csv = csvFilas([
        [
          'Nº registro',
          'Recepción',
          'Proveedor',
          'NIF',
          'Nº factura',
          'Fecha factura',
          'Base',
          'IVA deducible',
          'Retención',
          'Total',
          'Pendiente',
          'Vencimiento',
          'Estado',
        ],
        ...rows.map((c) => [
          c.numeroRegistro,
          formatFecha(c.fechaRecepcion),
          c.proveedor.nombre,
          c.proveedor.documento,
          c.numeroFacturaProveedor,
          formatFecha(c.fechaExpedicion),
          decimalComa(c.baseImponible),
          decimalComa(c.cuotaDeducible),
          decimalComa(c.retencion),
          decimalComa(c.importeTotal),
          decimalComa(c.pendiente),
          formatFecha(c.fechaVencimiento),
          ESTADO_COMPRA_LABELS[c.vencida ? 'vencida' : c.estado],
        ]),
      ]);
      return enviarCsv(reply, `compras-${today()}.csv`, csv);
    },
  );

  app.post(
    '/compras/archivos',
    {
      config: { permission: 'compras.edit' },
      schema: {
        tags,
        summary: 'Subir el PDF de una factura recibida',
        querystring: z.object({
          empresa: z.enum(['alquileres', 'transporte']).default('alquileres'),
        }),
        response: {
          201: data(
            z.object({
              archivoId: z.string(),
              nombre: z.string(),
              tamano: z.number(),
              mime: z.string(),
            }),
          ),
          ...errores,
        },
      },
    },
    async (request, reply) => {
      const owner = propietario(request.query.empresa);
      const archivo = await archivos.upload(request, owner, currentUser(request));
      if (!TIPOS_PERMITIDOS.test(archivo.mime)) {
        await archivos.remove(owner, archivo._id);
        throw new HttpError(415, COMPRA_MESSAGES.tipoArchivo);
      }
      return reply.code(201).send({
        data: {
          archivoId: archivo._id,
          nombre: archivo.nombre,
          tamano: archivo.tamano,
          mime: archivo.mime,
        },
      });
    },
  );

  app.post(
    '/compras',
    {
      config: { permission: 'compras.edit' },
      schema: {
        tags,
        summary: 'Registrar compra',
        body: compraCreateSchema,
        response: { 201: data(compraSchema), ...errores },
      },
    },
    async (request, reply) => {
      const c = await service.create(currentUser(request), request.body);
      return reply.code(201).send({ data: withVersionTag(reply, c) });
    },
  );

  app.get(
    '/compras/:id',
    {
      config: { permission: 'compras.view' },
      schema: {
        tags,
        summary: 'Detalle de compra',
        params: idParamsSchema,
        response: { 200: data(compraSchema), ...errores },
      },
    },
    async (request, reply) => ({
      data: withVersionTag(reply, await service.get(currentUser(request), request.params.id)),
    }),
  );

  app.put(
    '/compras/:id',
    {
      config: { permission: 'compras.edit' },
      schema: {
        tags,
        summary: 'Guardar cambios de la compra',
        params: idParamsSchema,
        body: compraUpdateSchema,
        response: { 200: data(compraSchema), ...errores },
      },
    },
    async (request, reply) => {
      const { version, ...input } = request.body;
      const c = await service.update(
        currentUser(request),
        request.params.id,
        input,
        expectedVersion(request, version),
      );
      return { data: withVersionTag(reply, c) };
    },
  );

  app.post(
    '/compras/:id/pagos',
    {
      config: { permission: 'compras.edit' },
      schema: {
        tags,
        summary: 'Registrar pago',
        params: idParamsSchema,
        body: pagoCreateSchema,
        response: { 201: data(compraSchema), ...errores },
      },
    },
    async (request, reply) => {
      const { version, ...input } = request.body;
      const c = await service.pagar(
        currentUser(request),
        request.params.id,
        input,
        expectedVersion(request, version),
      );
      return reply.code(201).send({ data: withVersionTag(reply, c) });
    },
  );

  app.delete(
    '/compras/:id/pagos/:pagoId',
    {
      config: { permission: 'compras.edit' },
      schema: {
        tags,
        summary: 'Eliminar pago',
        params: z.object({ id: z.string(), pagoId: z.string() }),
        response: { 204: z.null(), ...errores },
      },
    },
    async (request, reply) => {
      await service.eliminarPago(currentUser(request), request.params.id, request.params.pagoId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/compras/:id/anular',
    {
      config: { permission: 'compras.edit' },
      schema: {
        tags,
        summary: 'Anular compra',
        params: idParamsSchema,
        body: anularSchema,
        response: { 200: data(compraSchema), ...errores },
      },
    },
    async (request, reply) => {
      const c = await service.anular(
        currentUser(request),
        request.params.id,
        request.body.motivo,
        expectedVersion(request, request.body.version),
      );
      return { data: withVersionTag(reply, c) };
    },
  );

  app.get(
    '/compras/:id/archivo',
    {
      config: { permission: 'compras.view' },
      schema: { tags, summary: 'PDF de la factura recibida', params: idParamsSchema },
    },
    async (request, reply) => {
      const row = await service.row(currentUser(request), request.params.id);
      if (!row.archivo) throw new HttpError(404, COMPRA_MESSAGES.sinDocumento);
      const { archivo, stream } = await archivos.download(
        propietario(row.empresa),
        row.archivo.archivoId,
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

  app.get(
    '/compras/:id/historial',
    {
      config: { permission: 'compras.view' },
      schema: {
        tags,
        summary: 'Historial',
        params: idParamsSchema,
        querystring: historialQuerySchema,
        response: { 200: historialResponseSchema, ...errores },
      },
    },
    async (request) =>
      service.history(currentUser(request), request.params.id, request.query) as never,
  );
};
