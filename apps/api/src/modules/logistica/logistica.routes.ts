import { z } from 'zod';
import { canAccessEmpresa } from '@tvsistema/domain/systems';
import { formatFecha } from '@tvsistema/domain/format';
import { historialQuerySchema } from '@tvsistema/domain/historial';
import {
  albaranCreateSchema,
  albaranExportQuerySchema,
  albaranListQuerySchema,
  albaranResumenSchema,
  albaranSchema,
  albaranUpdateSchema,
  anularAlbaranSchema,
  ESTADO_ALBARAN_LABELS,
  firmarSchema,
  LOGISTICA_MESSAGES as M,
  saldoSchema,
  TIPO_ALBARAN_LABELS,
  transporteSchema,
  verificacionSchema,
  albaranVersionSchema,
} from '@tvsistema/domain/logistica';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/auth.plugin.js';
import { notFound } from '../../http/errors.js';
import { errorSchema, idParamsSchema, pageResponseSchema } from '../../http/schemas.js';
import { expectedVersion, optionalIfMatch, withVersionTag } from '../../http/versioning.js';
import type { ModuleContext } from '../../module.js';
import { historialResponseSchema } from '../historial/index.js';
import { createAlbaranesService } from './albaranes.service.js';
import { enviarCsvPorLotes, type ColumnaCsv } from './logistica-csv.js';
import { prohibido } from './logistica-comun.js';
import { albaranPdf } from './logistica-pdf.js';
import { importacionRoutes } from './importacion.routes.js';
import { transporteRoutes } from './transporte.routes.js';
import { createTransporteService } from './transporte.service.js';
import type { AlbaranRow } from './logistica.repository.js';

// §6: /api/albaranes (rental, empresa alquileres) and /api/albaranes/transporte (transport).
// Every route names its permission; empresa scoping (R18) narrows it: a list or create in an
// unreachable empresa is 403, a record of one is 404.

const errores = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};
const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const enviarPdf = (reply: FastifyReply, nombre: string, pdf: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${nombre}"`)
    .header('cache-control', 'no-store')
    .send(pdf);

const hora = (d: Date) =>
  new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);

const COLUMNAS: readonly ColumnaCsv<AlbaranRow>[] = [
  { header: 'Número', value: (a) => a.numero ?? 'Borrador' },
  { header: 'Tipo', value: (a) => TIPO_ALBARAN_LABELS[a.tipo as 'entrega'] },
  { header: 'Fecha', value: (a) => formatFecha(a.fecha) },
  { header: 'Hora', value: (a) => hora(a.fechaHora) },
  { header: 'Estado', value: (a) => ESTADO_ALBARAN_LABELS[a.estado as 'borrador'] },
  { header: 'Cliente', value: (a) => a.cliente.nombre },
  { header: 'NIF cliente', value: (a) => a.cliente.documento },
  { header: 'Alquiler', value: (a) => a.alquilerNumero },
  { header: 'Obra', value: (a) => a.direccionObra?.municipio ?? '' },
  { header: 'Unidades', value: (a) => a.unidades },
  { header: 'Firmado por', value: (a) => a.firma?.nombre ?? '' },
  { header: 'DNI firmante', value: (a) => a.firma?.dni ?? '' },
  {
    header: 'Fecha firma',
    value: (a) => (a.firma ? formatFecha(a.firma.firmadoAt.slice(0, 10)) : ''),
  },
  { header: 'Referencia', value: (a) => a.referenciaExterna },
];

export const logisticaRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, context) => {
  const { database, today } = context;
  const albaranes = createAlbaranesService(database, today);
  const transportes = createTransporteService(database, today);
  const tags = ['albaranes'];

  /** R18: the list/create of rental albaranes needs the alquileres empresa. */
  const empresa = (request: FastifyRequest) => {
    if (!canAccessEmpresa(currentUser(request).roles, 'alquileres')) throw prohibido();
  };
  /** R18: a record of an unreachable empresa is "not found". */
  const registro = (request: FastifyRequest) => {
    if (!canAccessEmpresa(currentUser(request).roles, 'alquileres'))
      throw notFound(M.albaranNoEncontrado);
  };

  // R18 before the body is read (as flota's routes do): a caller who cannot reach the empresa of
  // the route (transport albaranes: transporte; rental ones: alquileres) gets 403 on lists and
  // creates and 404 on a record, whatever the body holds.
  app.addHook('preValidation', async (request) => {
    const ruta = request.routeOptions.url ?? '';
    const suya = ruta.startsWith('/api/albaranes/transporte') ? 'transporte' : 'alquileres';
    if (canAccessEmpresa(currentUser(request).roles, suya)) return;
    if ((request.params as Record<string, string> | undefined)?.id)
      throw notFound(M.albaranNoEncontrado);
    throw prohibido();
  });

  // Without the parent's options: they carry its prefix, which the child inherits anyway.
  await app.register(transporteRoutes, { database, config: context.config, today });
  await app.register(importacionRoutes, { database, config: context.config, today });

  app.get(
    '/albaranes',
    {
      config: { permission: 'albaranes.view' },
      schema: {
        tags,
        summary: 'Albaranes de alquiler',
        querystring: albaranListQuerySchema,
        response: { 200: pageResponseSchema(albaranResumenSchema), ...errores },
      },
    },
    async (request) => {
      empresa(request);
      return albaranes.list(request.query);
    },
  );
  app.get(
    '/albaranes/export',
    {
      config: { permission: 'albaranes.view' },
      schema: { tags, summary: 'Exportación CSV', querystring: albaranExportQuerySchema },
    },
    async (request, reply) => {
      empresa(request);
      return enviarCsvPorLotes(
        reply,
        'albaranes',
        today(),
        COLUMNAS,
        albaranes.exportar(request.query),
      );
    },
  );
  app.get(
    '/albaranes/saldo',
    {
      config: { permission: 'albaranes.view' },
      schema: {
        tags,
        summary: 'Material en obra de un alquiler',
        querystring: z.object({ alquilerId: z.string().optional() }),
        response: { 200: dataOf(saldoSchema), ...errores },
      },
    },
    async (request) => {
      empresa(request);
      return { data: await albaranes.saldo(request.query.alquilerId ?? '') };
    },
  );
  app.get(
    '/albaranes/articulos',
    {
      config: { permission: 'albaranes.edit' },
      schema: {
        tags,
        summary: 'Artículos para un albarán',
        querystring: z.object({
          searchTerm: z.string().max(200).optional(),
          clase: z.enum(['maquina', 'andamio', 'concepto']).optional(),
        }),
      },
    },
    async (request) => {
      empresa(request);
      return {
        data: await albaranes.articulos(
          request.query.searchTerm?.trim() || undefined,
          request.query.clase,
        ),
      };
    },
  );
  app.post(
    '/albaranes',
    {
      config: { permission: 'albaranes.edit' },
      schema: {
        tags,
        summary: 'Nuevo albarán de alquiler',
        body: albaranCreateSchema,
        response: { 201: dataOf(albaranSchema), ...errores },
      },
    },
    async (request, reply) => {
      empresa(request);
      const data = await albaranes.crear(currentUser(request), request.body);
      return reply.code(201).send({ data: withVersionTag(reply, data) });
    },
  );
  app.get(
    '/albaranes/:id',
    {
      config: { permission: 'albaranes.view' },
      schema: {
        tags,
        summary: 'Albarán',
        params: idParamsSchema,
        response: { 200: dataOf(albaranSchema), ...errores },
      },
    },
    async (request, reply) => {
      registro(request);
      return { data: withVersionTag(reply, await albaranes.leer(request.params.id)) };
    },
  );
  app.put(
    '/albaranes/:id',
    {
      config: { permission: 'albaranes.edit' },
      schema: {
        tags,
        summary: 'Guardar cambios (borrador)',
        params: idParamsSchema,
        body: albaranUpdateSchema,
        response: { 200: dataOf(albaranSchema), ...errores },
      },
    },
    async (request, reply) => {
      registro(request);
      const { version, ...body } = request.body;
      const data = await albaranes.actualizar(
        currentUser(request),
        request.params.id,
        { ...body, version },
        expectedVersion(request, version),
      );
      return { data: withVersionTag(reply, data) };
    },
  );
  app.delete(
    '/albaranes/:id',
    {
      config: { permission: 'albaranes.edit' },
      schema: {
        tags,
        summary: 'Eliminar borrador',
        params: idParamsSchema,
        querystring: z.object({ version: z.coerce.number().int().optional() }),
      },
    },
    async (request, reply) => {
      registro(request);
      await albaranes.eliminar(
        currentUser(request),
        request.params.id,
        request.query.version ?? optionalIfMatch(request),
      );
      return reply.code(204).send();
    },
  );
  app.post(
    '/albaranes/:id/emitir',
    {
      config: { permission: 'albaranes.edit' },
      schema: {
        tags,
        summary: 'Emitir',
        params: idParamsSchema,
        body: albaranVersionSchema,
        response: { 200: dataOf(albaranSchema), ...errores },
      },
    },
    async (request, reply) => {
      registro(request);
      const data = await albaranes.emitir(
        currentUser(request),
        request.params.id,
        expectedVersion(request, request.body.version),
      );
      return { data: withVersionTag(reply, data) };
    },
  );
  // §11.5: the transport of an emitted entrega, created in Mallorca Transporta (both empresas).
  app.post(
    '/albaranes/:id/solicitar-transporte',
    {
      config: { permission: 'albaranes.transporte.edit' },
      schema: {
        tags,
        summary: 'Solicitar transporte (crea un albarán de transporte pendiente)',
        params: idParamsSchema,
        body: albaranVersionSchema,
        response: { 201: dataOf(transporteSchema), ...errores },
      },
    },
    async (request, reply) => {
      registro(request);
      const data = await transportes.solicitarDesdeEntrega(
        currentUser(request),
        request.params.id,
        expectedVersion(request, request.body.version),
      );
      return reply.code(201).send({ data: withVersionTag(reply, data) });
    },
  );
  app.post(
    '/albaranes/:id/firma',
    {
      config: { permission: 'albaranes.edit' },
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        summary: 'Firmar',
        params: idParamsSchema,
        body: firmarSchema,
        response: { 200: dataOf(albaranSchema), ...errores },
      },
    },
    async (request, reply) => {
      registro(request);
      const { version, ...firma } = request.body;
      const data = await albaranes.firmar(
        currentUser(request),
        request.params.id,
        expectedVersion(request, version),
        firma,
      );
      return { data: withVersionTag(reply, data) };
    },
  );
  app.post(
    '/albaranes/:id/anular',
    {
      config: { permission: 'albaranes.edit' },
      schema: {
        tags,
        summary: 'Anular',
        params: idParamsSchema,
        body: anularAlbaranSchema,
        response: { 200: dataOf(albaranSchema), ...errores },
      },
    },
    async (request, reply) => {
      registro(request);
      const data = await albaranes.anular(
        currentUser(request),
        request.params.id,
        expectedVersion(request, request.body.version),
        request.body.motivo,
      );
      return { data: withVersionTag(reply, data) };
    },
  );
  app.get(
    '/albaranes/:id/verificacion',
    {
      config: { permission: 'albaranes.view' },
      schema: {
        tags,
        summary: 'Verificar la huella de la firma',
        params: idParamsSchema,
        response: { 200: dataOf(verificacionSchema), ...errores },
      },
    },
    async (request) => {
      registro(request);
      return { data: await albaranes.verificacion(request.params.id) };
    },
  );
  app.get(
    '/albaranes/:id/firma.png',
    {
      config: { permission: 'albaranes.view' },
      schema: { tags, summary: 'Imagen de la firma', params: idParamsSchema },
    },
    async (request, reply) => {
      registro(request);
      const png = await albaranes.firmaPng(request.params.id);
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    },
  );
  app.get(
    '/albaranes/:id/pdf',
    {
      config: { permission: 'albaranes.view' },
      schema: {
        tags,
        summary: 'PDF del albarán',
        params: idParamsSchema,
        querystring: z.object({ precios: z.enum(['true', 'false']).optional() }),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      registro(request);
      const a = await albaranes.leer(request.params.id);
      const firmaPng = a.firma ? await albaranes.firmaPng(a._id) : null;
      const pdf = await albaranPdf(database.db, a, {
        precios: request.query.precios === 'true',
        firmaPng,
      });
      return enviarPdf(reply, `albaran-${a.numero ?? 'borrador'}.pdf`, pdf);
    },
  );
  app.get(
    '/albaranes/:id/historial',
    {
      config: { permission: 'albaranes.view' },
      schema: {
        tags,
        summary: 'Historial',
        params: idParamsSchema,
        querystring: historialQuerySchema,
        response: { 200: historialResponseSchema, ...errores },
      },
    },
    async (request) => {
      registro(request);
      return (await albaranes.historial(request.params.id, request.query)) as never;
    },
  );
};
