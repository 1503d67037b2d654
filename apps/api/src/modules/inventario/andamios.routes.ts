import { z } from 'zod';
import {
  CATEGORIA_COMPONENTE_LABELS,
  componenteCreateSchema,
  componenteExportQuerySchema,
  componenteListQuerySchema,
  componenteSchema,
  componenteUpdateSchema,
  movimientoListQuerySchema,
  movimientoManualSchema,
  movimientoSchema,
  recuentoSchema,
  reparacionSchema,
  stockSchema,
  type Componente,
} from '@tvsistema/domain/inventario';
import { fechaSchema } from '@tvsistema/domain/fechas';
import { historialQuerySchema } from '@tvsistema/domain/historial';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/auth.plugin.js';
import { errorSchema, idParamsSchema, pageResponseSchema } from '../../http/schemas.js';
import { expectedVersion, withVersionTag } from '../../http/versioning.js';
import type { ModuleContext } from '../../module.js';
import { historialResponseSchema } from '../historial/index.js';
import { createAndamiosService } from './andamios.service.js';
import { csvDe, decimalCsv, enviarCsv, enviarPdf, type ColumnaCsv } from './inventario-csv.js';
import { inventarioAndamiosPdf } from './inventario-pdf.js';
import { sinContenido, versionBorrado } from './inventario-rutas.js';

const tags = ['andamios'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const record = z.object({ data: componenteSchema });
const cambioStock = z.object({
  data: z.object({
    movimiento: movimientoSchema.nullable(),
    stock: stockSchema.extend({ propiedad: z.number().int() }),
  }),
});

const COLUMNAS: readonly ColumnaCsv<Componente>[] = [
  { header: 'Código', value: (c) => c.codigo },
  { header: 'Componente', value: (c) => c.nombre },
  { header: 'Categoría', value: (c) => CATEGORIA_COMPONENTE_LABELS[c.categoria] },
  { header: 'Sistema', value: (c) => c.sistema },
  { header: 'Peso (kg)', value: (c) => decimalCsv(c.pesoKg) },
  { header: 'Precio día (€)', value: (c) => decimalCsv(c.precios.dia) },
  { header: 'Precio mes (€)', value: (c) => decimalCsv(c.precios.mes) },
  { header: 'Precio reposición (€)', value: (c) => decimalCsv(c.precios.reposicion) },
  { header: 'Disponible', value: (c) => c.stock.disponible },
  { header: 'Alquilado', value: (c) => c.stock.alquilado },
  { header: 'En reparación', value: (c) => c.stock.enReparacion },
  { header: 'Baja', value: (c) => c.stock.baja },
  { header: 'En propiedad', value: (c) => c.stock.propiedad },
  { header: 'Peso en propiedad (kg)', value: (c) => decimalCsv(c.pesoPropiedadKg) },
];

/** /api/andamios (§6.2). */
export const andamiosRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, today },
) => {
  const service = createAndamiosService(database, today);

  app.get(
    '/andamios',
    {
      config: { permission: 'andamios.view' },
      schema: {
        tags,
        summary: 'Componentes: lista con búsqueda, filtros y orden',
        querystring: componenteListQuerySchema,
        response: { 200: pageResponseSchema(componenteSchema), ...errors },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/andamios/export',
    {
      config: { permission: 'andamios.view' },
      schema: { tags, summary: 'Exportación CSV', querystring: componenteExportQuerySchema },
    },
    async (request, reply) =>
      enviarCsv(reply, 'andamios', today(), csvDe(COLUMNAS, await service.exportar(request.query))),
  );

  app.get(
    '/andamios/resumen',
    {
      config: { permission: 'andamios.view' },
      schema: {
        tags,
        summary: 'Totales de piezas y peso alquilado (tarjetas del listado)',
        response: {
          200: z.object({
            data: z.object({
              piezasPropiedad: z.number().int(),
              disponibles: z.number().int(),
              alquiladas: z.number().int(),
              enReparacion: z.number().int(),
              pesoAlquiladoKg: z.string(),
            }),
          }),
          ...errors,
        },
      },
    },
    async () => ({ data: await service.resumen() }),
  );

  app.get(
    '/andamios/inventario/pdf',
    {
      config: { permission: 'andamios.view' },
      schema: {
        tags,
        summary: 'Inventario de andamios (PDF)',
        querystring: z.object({ fecha: fechaSchema().optional() }),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const fecha = request.query.fecha ?? today();
      return enviarPdf(
        reply,
        `inventario-andamios-${fecha}.pdf`,
        await inventarioAndamiosPdf(
          database.db,
          fecha,
          today(),
          await service.exportar({ activo: true, bajoMinimo: undefined, sobrerreserva: undefined }),
        ),
      );
    },
  );

  app.get(
    '/andamios/:id',
    {
      config: { permission: 'andamios.view' },
      schema: {
        tags,
        summary: 'Detalle',
        params: idParamsSchema,
        response: { 200: record, 404: errorSchema, ...errors },
      },
    },
    async (request, reply) => ({
      data: withVersionTag(reply, await service.get(request.params.id)),
    }),
  );

  app.get(
    '/andamios/:id/historial',
    {
      config: { permission: 'andamios.view' },
      schema: {
        tags,
        summary: 'Historial de cambios',
        params: idParamsSchema,
        querystring: historialQuerySchema,
        response: { 200: historialResponseSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => service.history(request.params.id, request.query),
  );

  app.get(
    '/andamios/:id/movimientos',
    {
      config: { permission: 'andamios.view' },
      schema: {
        tags,
        summary: 'Movimientos de stock, del más reciente al más antiguo',
        params: idParamsSchema,
        querystring: movimientoListQuerySchema,
        response: { 200: pageResponseSchema(movimientoSchema), 404: errorSchema, ...errors },
      },
    },
    async (request) => service.movimientos(request.params.id, request.query),
  );

  app.post(
    '/andamios',
    {
      config: { permission: 'andamios.edit' },
      schema: {
        tags,
        summary: 'Alta (con stock inicial)',
        body: componenteCreateSchema,
        response: { 201: record, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.create(currentUser(request), request.body);
      return reply.code(201).send({ data: withVersionTag(reply, data) });
    },
  );

  app.put(
    '/andamios/:id',
    {
      config: { permission: 'andamios.edit' },
      schema: {
        tags,
        summary: 'Modificación (el stock solo cambia con movimientos)',
        params: idParamsSchema,
        body: componenteUpdateSchema,
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

  app.delete(
    '/andamios/:id',
    {
      config: { permission: 'andamios.edit' },
      schema: {
        tags,
        summary: 'Eliminar un componente sin uso (R15)',
        params: idParamsSchema,
        querystring: z.object({ version: z.coerce.number().int().optional() }),
        response: { 204: sinContenido, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(
        currentUser(request),
        request.params.id,
        versionBorrado(request, request.query.version),
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/andamios/:id/movimientos',
    {
      config: { permission: 'andamios.edit' },
      schema: {
        tags,
        summary: 'Registrar un alta, una baja o una venta',
        params: idParamsSchema,
        body: movimientoManualSchema,
        response: { 201: cambioStock, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.registrarMovimiento(
          currentUser(request),
          request.params.id,
          request.body,
        ),
      }),
  );

  app.post(
    '/andamios/:id/reparaciones',
    {
      config: { permission: 'andamios.stock' },
      schema: {
        tags,
        summary: 'Enviar piezas a reparación o devolverlas reparadas',
        params: idParamsSchema,
        body: reparacionSchema,
        response: { 201: cambioStock, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.reparacion(currentUser(request), request.params.id, request.body),
      }),
  );

  app.post(
    '/andamios/:id/recuento',
    {
      config: { permission: 'andamios.edit' },
      schema: {
        tags,
        summary: 'Recuento: un ajuste por la diferencia con lo disponible (R8)',
        params: idParamsSchema,
        body: recuentoSchema,
        response: {
          200: cambioStock,
          201: cambioStock,
          404: errorSchema,
          409: errorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const data = await service.recuento(currentUser(request), request.params.id, request.body);
      return reply.code(data.movimiento ? 201 : 200).send({ data });
    },
  );
};
