import { z } from 'zod';
import { formatFecha } from '@tvsistema/domain/format';
import { historialQuerySchema } from '@tvsistema/domain/historial';
import {
  anularTransporteSchema,
  albaranVersionSchema,
  entregarSchema,
  ESTADO_TRANSPORTE_LABELS,
  inspeccionSchema,
  inspeccionUpdateSchema,
  LOGISTICA_MESSAGES as M,
  transporteCreateSchema,
  transporteExportQuerySchema,
  transporteListQuerySchema,
  transporteResumenSchema,
  transporteSchema,
  transporteUpdateSchema,
  verificacionSchema,
} from '@tvsistema/domain/logistica';
import { canAccessEmpresa } from '@tvsistema/domain/systems';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/auth.plugin.js';
import { notFound } from '../../http/errors.js';
import { errorSchema, idParamsSchema, pageResponseSchema } from '../../http/schemas.js';
import { expectedVersion, withVersionTag } from '../../http/versioning.js';
import type { ModuleContext } from '../../module.js';
import { historialResponseSchema } from '../historial/index.js';
import { enviarCsvPorLotes, type ColumnaCsv } from './logistica-csv.js';
import { prohibido } from './logistica-comun.js';
import type { AlbaranRow } from './logistica.repository.js';
import type { DatosTransporte } from './logistica.table.js';
import { transportePdf } from './transporte-pdf.js';
import { createTransporteService } from './transporte.service.js';

// §6 transport albaranes under /api/albaranes/transporte (empresa transporte, R18).

const errores = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};
const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const decimal = (v: string | null) => (v === null ? null : v.replace('.', ','));

type Fila = { row: AlbaranRow; factura: { numero: string } | null };
const d = (r: AlbaranRow) => r.datos as DatosTransporte;
const lugar = (l: DatosTransporte['origen']) => l.nombre ?? l.direccion.municipio ?? '';
const COLUMNAS: readonly ColumnaCsv<Fila>[] = [
  { header: 'Número', value: ({ row }) => row.numero },
  { header: 'Fecha de carga', value: ({ row }) => formatFecha(row.fecha) },
  { header: 'Estado', value: ({ row }) => ESTADO_TRANSPORTE_LABELS[row.estado as 'pendiente'] },
  { header: 'Cliente', value: ({ row }) => row.cliente.nombre },
  { header: 'NIF cliente', value: ({ row }) => row.cliente.documento },
  { header: 'Remitente', value: ({ row }) => d(row).remitente?.nombre ?? '' },
  { header: 'Destinatario', value: ({ row }) => d(row).destinatario.nombre },
  { header: 'Origen', value: ({ row }) => lugar(d(row).origen) },
  { header: 'Destino', value: ({ row }) => lugar(d(row).destino) },
  { header: 'Matrícula', value: ({ row }) => row.matricula },
  { header: 'Remolque', value: ({ row }) => d(row).matriculaRemolque },
  { header: 'Conductor', value: ({ row }) => d(row).conductor.nombre },
  { header: 'Mercancía', value: ({ row }) => d(row).mercancia.descripcion },
  { header: 'Bultos', value: ({ row }) => d(row).mercancia.bultos },
  { header: 'Peso (kg)', value: ({ row }) => row.pesoKg },
  { header: 'Precio (€)', value: ({ row }) => decimal(row.precio) },
  { header: 'IVA (%)', value: ({ row }) => row.tipoIva },
  { header: 'Factura', value: ({ factura }) => factura?.numero ?? '' },
  { header: 'Referencia', value: ({ row }) => row.referenciaExterna },
];

export const transporteRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, today },
) => {
  const servicio = createTransporteService(database, today);
  const tags = ['albaranes de transporte'];
  const base = '/albaranes/transporte';
  const empresa = (request: FastifyRequest) => {
    if (!canAccessEmpresa(currentUser(request).roles, 'transporte')) throw prohibido();
  };
  const registro = (request: FastifyRequest) => {
    if (!canAccessEmpresa(currentUser(request).roles, 'transporte'))
      throw notFound(M.albaranNoEncontrado);
  };
  const respuesta = { 200: dataOf(transporteSchema), ...errores };

  app.get(
    base,
    {
      config: { permission: 'albaranes.view' },
      schema: {
        tags,
        summary: 'Albaranes de transporte',
        querystring: transporteListQuerySchema,
        response: { 200: pageResponseSchema(transporteResumenSchema), ...errores },
      },
    },
    async (request) => {
      empresa(request);
      return servicio.list(request.query);
    },
  );
  app.get(
    `${base}/export`,
    {
      config: { permission: 'albaranes.view' },
      schema: { tags, summary: 'Exportación CSV', querystring: transporteExportQuerySchema },
    },
    async (request, reply) => {
      empresa(request);
      return enviarCsvPorLotes(
        reply,
        'albaranes-transporte',
        today(),
        COLUMNAS,
        servicio.exportar(request.query),
      );
    },
  );
  app.get(
    `${base}/transportista-propio`,
    {
      config: { permission: 'albaranes.view' },
      schema: {
        tags,
        summary: 'Transportista propio (nombre y NIF del emisor)',
        description:
          'Lo que el documento de control (R10) toma como transportista efectivo de un transporte propio.',
        response: {
          200: dataOf(z.object({ nombre: z.string(), nif: z.string() })),
          ...errores,
        },
      },
    },
    async (request) => {
      empresa(request);
      return { data: await servicio.transportistaPropio() };
    },
  );
  app.post(
    base,
    {
      config: { permission: 'albaranes.transporte.edit' },
      schema: {
        tags,
        summary: 'Nuevo albarán de transporte',
        body: transporteCreateSchema,
        response: { 201: dataOf(transporteSchema), ...errores },
      },
    },
    async (request, reply) => {
      empresa(request);
      const data = await servicio.crear(currentUser(request), request.body);
      return reply.code(201).send({ data: withVersionTag(reply, data) });
    },
  );
  app.get(
    `${base}/:id`,
    {
      config: { permission: 'albaranes.view' },
      schema: {
        tags,
        summary: 'Albarán de transporte',
        params: idParamsSchema,
        response: respuesta,
      },
    },
    async (request, reply) => {
      registro(request);
      return { data: withVersionTag(reply, await servicio.leer(request.params.id)) };
    },
  );
  app.put(
    `${base}/:id`,
    {
      config: { permission: 'albaranes.transporte.edit' },
      schema: {
        tags,
        summary: 'Guardar cambios',
        params: idParamsSchema,
        body: transporteUpdateSchema,
        response: respuesta,
      },
    },
    async (request, reply) => {
      registro(request);
      const data = await servicio.actualizar(
        currentUser(request),
        request.params.id,
        request.body,
        expectedVersion(request, request.body.version),
      );
      return { data: withVersionTag(reply, data) };
    },
  );
  const transicion = (
    ruta: string,
    summary: string,
    run: (
      request: FastifyRequest<{ Params: { id: string }; Body: { version?: number | undefined } }>,
    ) => Promise<unknown>,
  ) =>
    app.post(
      `${base}/:id/${ruta}`,
      {
        config: { permission: 'albaranes.transporte.edit' },
        schema: {
          tags,
          summary,
          params: idParamsSchema,
          body: albaranVersionSchema,
          response: respuesta,
        },
      },
      async (request, reply) => {
        registro(request);
        return {
          data: withVersionTag(reply, (await run(request)) as { version: number }),
        } as never;
      },
    );
  transicion('iniciar-ruta', 'Iniciar ruta', (r) =>
    servicio.iniciarRuta(currentUser(r), r.params.id, expectedVersion(r, r.body.version)),
  );
  transicion('volver-a-pendiente', 'Volver a pendiente', (r) =>
    servicio.volverAPendiente(currentUser(r), r.params.id, expectedVersion(r, r.body.version)),
  );
  app.post(
    `${base}/:id/entregar`,
    {
      config: { permission: 'albaranes.transporte.edit' },
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        summary: 'Registrar entrega',
        params: idParamsSchema,
        body: entregarSchema,
        response: respuesta,
      },
    },
    async (request, reply) => {
      registro(request);
      const { version, ...resto } = request.body;
      const data = await servicio.entregar(
        currentUser(request),
        request.params.id,
        expectedVersion(request, version),
        resto,
      );
      return { data: withVersionTag(reply, data) };
    },
  );
  app.post(
    `${base}/:id/anular`,
    {
      config: { permission: 'albaranes.transporte.edit' },
      schema: {
        tags,
        summary: 'Anular',
        params: idParamsSchema,
        body: anularTransporteSchema,
        response: respuesta,
      },
    },
    async (request, reply) => {
      registro(request);
      const data = await servicio.anular(
        currentUser(request),
        request.params.id,
        expectedVersion(request, request.body.version),
        request.body.motivo,
      );
      return { data: withVersionTag(reply, data) };
    },
  );
  app.post(
    `${base}/:id/inspecciones`,
    {
      config: { permission: 'albaranes.transporte.edit' },
      schema: {
        tags,
        summary: 'Registrar requerimiento de inspección',
        params: idParamsSchema,
        body: inspeccionSchema,
        response: { 201: dataOf(transporteSchema), ...errores },
      },
    },
    async (request, reply) => {
      registro(request);
      const data = await servicio.inspeccion(currentUser(request), request.params.id, request.body);
      return reply.code(201).send({ data: withVersionTag(reply, data) });
    },
  );
  app.put(
    `${base}/:id/inspecciones/:inspeccionId`,
    {
      config: { permission: 'albaranes.transporte.edit' },
      schema: {
        tags,
        summary: 'Marcar como enviado',
        params: z.object({ id: z.string(), inspeccionId: z.string() }),
        body: inspeccionUpdateSchema,
        response: respuesta,
      },
    },
    async (request, reply) => {
      registro(request);
      const data = await servicio.inspeccionEnviada(
        currentUser(request),
        request.params.id,
        request.params.inspeccionId,
      );
      return { data: withVersionTag(reply, data) };
    },
  );
  app.get(
    `${base}/:id/verificacion`,
    {
      config: { permission: 'albaranes.view' },
      schema: {
        tags,
        summary: 'Verificar la huella',
        params: idParamsSchema,
        response: { 200: dataOf(verificacionSchema), ...errores },
      },
    },
    async (request) => {
      registro(request);
      return { data: await servicio.verificacion(request.params.id) };
    },
  );
  app.get(
    `${base}/:id/firma.png`,
    {
      config: { permission: 'albaranes.view' },
      schema: { tags, summary: 'Imagen de la firma', params: idParamsSchema },
    },
    async (request, reply) => {
      registro(request);
      return reply
        .type('image/png')
        .header('cache-control', 'no-store')
        .send(await servicio.firmaPng(request.params.id));
    },
  );
  app.get(
    `${base}/:id/pdf`,
    {
      config: { permission: 'albaranes.view' },
      schema: {
        tags,
        summary: 'Documento de control (PDF)',
        params: idParamsSchema,
        querystring: z.object({ precios: z.enum(['true', 'false']).optional() }),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      registro(request);
      const t = await servicio.leer(request.params.id);
      const firmaPng = t.firma ? await servicio.firmaPng(t._id) : null;
      const pdf = await transportePdf(database.db, t, {
        precios: request.query.precios === 'true',
        firmaPng,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="albaran-${t.numero}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
  app.get(
    `${base}/:id/historial`,
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
      return (await servicio.historial(request.params.id, request.query)) as never;
    },
  );
};
