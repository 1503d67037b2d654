import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  anularSchema,
  cobroCreateSchema,
  condicionesInputSchema,
  condicionesSchema,
  desdeAlquileresSchema,
  emitirLoteSchema,
  emitirSchema,
  ESTADO_FACTURA_LABELS,
  facturaCreateSchema,
  facturaListQuerySchema,
  facturaSchema,
  facturaUpdateSchema,
  lineasPendientesQuerySchema,
  pendientesQuerySchema,
  verifactuFacturaSchema,
  type Factura,
} from '@tvsistema/domain/finanzas';
import { historialQuerySchema } from '@tvsistema/domain/historial';
import { idParamsSchema } from '@tvsistema/domain/lists';
import { sumarDias } from '@tvsistema/domain/fechas';
import { formatFecha } from '@tvsistema/domain/format';
import { currentUser } from '../../auth/auth.plugin.js';
import { errorSchema } from '../../http/schemas.js';
import { expectedVersion, withVersionTag } from '../../http/versioning.js';
import { historialResponseSchema } from '../historial/index.js';
import type { ModuleContext } from '../../module.js';
import { findCondiciones, findFactura } from './facturas.repository.js';
import { facturaPdf } from './facturas-pdf.js';
import { createFacturasService } from './facturas.service.js';
import { csvFilas, decimalComa, enviarCsv } from './finanzas-csv.js';

// finanzas.md §6: /api/facturas and /api/notas from one table (clase), cobros, anulación, PDF,
// the billing runs and the client's billing conditions.

const errores = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const tags = ['facturas'];
const cobroParams = z.object({ id: z.string(), cobroId: z.string() });

const listResponse = z.object({
  data: z.array(facturaSchema),
  meta: z.object({
    page: z.number(),
    limit: z.number(),
    total: z.number(),
    totalPages: z.number(),
    sumas: z.object({
      base: z.string(),
      total: z.string(),
      pendiente: z.string(),
      vencido: z.string(),
    }),
  }),
});

const lastDayOfPreviousMonth = (hoy: string) => sumarDias(`${hoy.slice(0, 7)}-01`, -1);

export const facturasRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, today, now, fuentesFacturables },
) => {
  const service = createFacturasService({
    database,
    reloj: { today, now: now ?? (() => new Date()) },
    fuentes: fuentesFacturables ?? [],
  });
  const db = database.db;

  const pdfDe = async (f: Factura) => {
    const condiciones = await findCondiciones(db, f.clienteId);
    const rect = f.facturaRectificadaId ? await findFactura(db, f.facturaRectificadaId) : undefined;
    return facturaPdf(db, f, {
      ibanCliente: condiciones?.ibanCliente ?? null,
      ...(rect ? { rectificada: { numero: rect.numero, fecha: rect.fechaExpedicion } } : {}),
    });
  };

  // ---- the billing runs and conditions (before /:id) ----------------------------------------

  app.get(
    '/facturas/alquileres-pendientes',
    {
      config: { permission: 'facturas.write' },
      schema: {
        tags,
        summary: 'Alquileres pendientes de facturar hasta una fecha (regla 10)',
        querystring: pendientesQuerySchema,
        response: { 200: data(z.array(z.record(z.string(), z.unknown()))), ...errores },
      },
    },
    async (request) => ({
      data: await service.pendientes(currentUser(request), 'alquiler', {
        empresa: 'alquileres',
        hasta: request.query.hasta ?? lastDayOfPreviousMonth(today()),
        ...(request.query.clienteId ? { clienteId: request.query.clienteId } : {}),
      }),
    }),
  );

  app.post(
    '/facturas/desde-alquileres',
    {
      config: { permission: 'facturas.write' },
      schema: {
        tags,
        summary:
          'Crear los borradores de los alquileres elegidos (un borrador por alquiler y periodo)',
        body: desdeAlquileresSchema,
        response: { 201: data(z.array(z.string())), ...errores },
      },
    },
    async (request, reply) => {
      const ids = await service.desdeOrigenes(
        currentUser(request),
        'alquiler',
        'alquileres',
        request.body.hasta,
        request.body.alquilerIds,
      );
      return reply.code(201).send({ data: ids });
    },
  );

  app.get(
    '/facturas/albaranes-pendientes',
    {
      config: { permission: 'facturas.write' },
      schema: {
        tags,
        summary: 'Albaranes de transporte pendientes de facturar de un cliente',
        querystring: pendientesQuerySchema,
        response: { 200: data(z.array(z.record(z.string(), z.unknown()))), ...errores },
      },
    },
    async (request) => ({
      data: await service.pendientes(currentUser(request), 'albaran', {
        empresa: 'transporte',
        hasta: request.query.hasta ?? today(),
        ...(request.query.clienteId ? { clienteId: request.query.clienteId } : {}),
        ...(request.query.desde ? { desde: request.query.desde } : {}),
      }),
    }),
  );

  app.post(
    '/facturas/desde-albaranes',
    {
      config: { permission: 'facturas.write' },
      schema: {
        tags,
        summary: 'Crear un borrador de transporte por cliente con los albaranes elegidos',
        body: z.object({
          hasta: z.string().optional(),
          albaranIds: z.array(z.uuid()).min(1).max(300),
        }),
        response: { 201: data(z.array(z.string())), ...errores },
      },
    },
    async (request, reply) => {
      const ids = await service.desdeOrigenes(
        currentUser(request),
        'albaran',
        'transporte',
        request.body.hasta ?? today(),
        request.body.albaranIds,
      );
      return reply.code(201).send({ data: ids });
    },
  );

  // The lines the form adds from pending origins (§5 "Añadir seleccionados", "Cargar líneas").
  for (const [path, origenTipo, empresa, summary] of [
    [
      '/facturas/lineas-albaranes',
      'albaran',
      'transporte',
      'Líneas de los albaranes pendientes elegidos (una por albarán)',
    ],
    [
      '/facturas/lineas-alquileres',
      'alquiler',
      'alquileres',
      'Líneas de los alquileres pendientes elegidos hasta una fecha',
    ],
  ] as const)
    app.get(
      path,
      {
        config: { permission: 'facturas.write' },
        schema: {
          tags,
          summary,
          querystring: lineasPendientesQuerySchema,
          response: { 200: data(z.array(z.record(z.string(), z.unknown()))), ...errores },
        },
      },
      async (request) => ({
        data: await service.lineasPendientes(
          currentUser(request),
          origenTipo,
          empresa,
          request.query.hasta ??
            (origenTipo === 'albaran' ? today() : lastDayOfPreviousMonth(today())),
          request.query.ids,
        ),
      }),
    );

  app.get(
    '/facturas/condiciones-cliente/:id',
    {
      config: { permission: 'facturas.view' },
      schema: {
        tags,
        summary: 'Condiciones de facturación de un cliente',
        params: idParamsSchema,
        response: { 200: data(condicionesSchema), ...errores },
      },
    },
    async (request, reply) => ({
      data: withVersionTag(
        reply,
        await service.condiciones(currentUser(request), request.params.id),
      ),
    }),
  );

  app.put(
    '/facturas/condiciones-cliente/:id',
    {
      config: { permission: 'facturas.write' },
      schema: {
        tags,
        summary: 'Guardar las condiciones de facturación de un cliente',
        params: idParamsSchema,
        body: condicionesInputSchema,
        response: { 200: data(condicionesSchema), ...errores },
      },
    },
    async (request, reply) => {
      const { version, ...input } = request.body;
      const c = await service.guardarCondiciones(
        currentUser(request),
        request.params.id,
        input,
        expectedVersion(request, version),
      );
      return { data: withVersionTag(reply, c) };
    },
  );

  app.post(
    '/facturas/emitir-lote',
    {
      config: { permission: 'facturas.write' },
      schema: {
        tags,
        summary: 'Emitir varios borradores',
        body: emitirLoteSchema,
        response: {
          200: z.object({
            data: z.array(z.object({ id: z.string(), numero: z.string() })),
            errores: z.array(z.object({ id: z.string(), message: z.string() })),
          }),
          ...errores,
        },
      },
    },
    async (request) => service.emitirLote(currentUser(request), request.body.ids),
  );

  // ---- facturas and notas: the same routes over one table --------------------------------

  for (const [base, clase, view, edit] of [
    ['/facturas', 'factura', 'facturas.view', 'facturas.write'],
    ['/notas', 'rectificativa', 'notas.view', 'notas.edit'],
  ] as const) {
    const nombre = clase === 'factura' ? 'facturas' : 'notas-de-abono';

    app.get(
      base,
      {
        config: { permission: view },
        schema: {
          tags,
          summary: `Lista de ${nombre}`,
          querystring: facturaListQuerySchema,
          response: { 200: listResponse, ...errores },
        },
      },
      async (request) => service.list(currentUser(request), clase, request.query),
    );

    app.get(
      `${base}/export`,
      {
        config: { permission: view },
        schema: {
          tags,
          summary: `CSV de ${nombre} (lista filtrada)`,
          querystring: facturaListQuerySchema.omit({ page: true, limit: true }),
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const rows = await service.exportRows(currentUser(request), clase, request.query);
        const csv = csvFilas([
          [
            'Número',
            'Fecha',
            'Cliente',
            'NIF',
            'Origen',
            'Base',
            'IVA',
            'Total',
            'Pendiente',
            'Vencimiento',
            'Estado',
          ],
          ...rows.map((f) => [
            f.numero ?? 'Borrador',
            f.fechaExpedicion ? formatFecha(f.fechaExpedicion) : '',
            f.cliente.nombre,
            f.cliente.documento,
            f.origen,
            decimalComa(f.baseImponible),
            decimalComa(f.cuotaIva),
            decimalComa(f.importeTotal),
            decimalComa(f.pendiente),
            f.fechaVencimiento ? formatFecha(f.fechaVencimiento) : '',
            ESTADO_FACTURA_LABELS[f.vencida ? 'vencida' : f.estado],
          ]),
        ]);
        return enviarCsv(reply, `${nombre}-${today()}.csv`, csv);
      },
    );

    app.post(
      base,
      {
        config: { permission: edit },
        schema: {
          tags,
          summary: 'Guardar borrador',
          body: facturaCreateSchema,
          response: { 201: data(facturaSchema), ...errores },
        },
      },
      async (request, reply) => {
        const f = await service.create(currentUser(request), clase, request.body);
        return reply.code(201).send({ data: withVersionTag(reply, f) });
      },
    );

    app.get(
      `${base}/:id`,
      {
        config: { permission: view },
        schema: {
          tags,
          summary: 'Detalle',
          params: idParamsSchema,
          response: { 200: data(facturaSchema), ...errores },
        },
      },
      async (request, reply) => ({
        data: withVersionTag(
          reply,
          await service.get(currentUser(request), request.params.id, clase),
        ),
      }),
    );

    app.put(
      `${base}/:id`,
      {
        config: { permission: edit },
        schema: {
          tags,
          summary: 'Guardar cambios del borrador',
          params: idParamsSchema,
          body: facturaUpdateSchema,
          response: { 200: data(facturaSchema), ...errores },
        },
      },
      async (request, reply) => {
        const { version, ...input } = request.body;
        const f = await service.update(
          currentUser(request),
          request.params.id,
          clase,
          input,
          expectedVersion(request, version),
        );
        return { data: withVersionTag(reply, f) };
      },
    );

    app.delete(
      `${base}/:id`,
      {
        config: { permission: edit },
        schema: {
          tags,
          summary: 'Eliminar borrador',
          params: idParamsSchema,
          querystring: z.object({ version: z.coerce.number().int().optional() }),
          response: { 204: z.null(), ...errores },
        },
      },
      async (request, reply) => {
        await service.remove(
          currentUser(request),
          request.params.id,
          clase,
          expectedVersion(request, request.query.version),
        );
        return reply.code(204).send(null);
      },
    );

    app.post(
      `${base}/:id/emitir`,
      {
        config: { permission: edit },
        schema: {
          tags,
          summary: 'Emitir (número, fechas y registro VERI*FACTU en una transacción)',
          params: idParamsSchema,
          body: emitirSchema,
          response: {
            200: z.object({ data: facturaSchema, avisos: z.array(z.string()) }),
            ...errores,
          },
        },
      },
      async (request, reply) => {
        const r = await service.emitir(
          currentUser(request),
          request.params.id,
          clase,
          expectedVersion(request, request.body.version),
        );
        return { data: withVersionTag(reply, r.data), avisos: r.avisos };
      },
    );

    app.post(
      `${base}/:id/cobros`,
      {
        config: { permission: edit },
        schema: {
          tags,
          summary: clase === 'factura' ? 'Registrar cobro' : 'Registrar devolución',
          params: idParamsSchema,
          body: cobroCreateSchema,
          response: { 201: data(facturaSchema), ...errores },
        },
      },
      async (request, reply) => {
        const { version, ...input } = request.body;
        const f = await service.cobrar(
          currentUser(request),
          request.params.id,
          clase,
          input,
          expectedVersion(request, version),
        );
        return reply.code(201).send({ data: withVersionTag(reply, f) });
      },
    );

    app.delete(
      `${base}/:id/cobros/:cobroId`,
      {
        config: { permission: clase === 'factura' ? 'facturas.anular' : 'notas.edit' },
        schema: {
          tags,
          summary: 'Eliminar cobro',
          params: cobroParams,
          response: { 204: z.null(), ...errores },
        },
      },
      async (request, reply) => {
        await service.eliminarCobro(
          currentUser(request),
          request.params.id,
          clase,
          request.params.cobroId,
        );
        return reply.code(204).send(null);
      },
    );

    app.get(
      `${base}/:id/pdf`,
      {
        config: { permission: view },
        schema: {
          tags,
          summary: 'PDF',
          params: idParamsSchema,
          querystring: z.object({ descarga: z.string().optional() }),
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const f = await service.get(currentUser(request), request.params.id, clase);
        const pdf = await pdfDe(f);
        const nombre = `${f.numero ?? 'borrador'}.pdf`;
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `${request.query.descarga === undefined ? 'inline' : 'attachment'}; filename="${nombre}"`,
          )
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );

    app.get(
      `${base}/:id/verifactu`,
      {
        config: { permission: view },
        schema: {
          tags,
          summary: 'Registros VERI*FACTU del documento y su QR',
          params: idParamsSchema,
          response: { 200: data(verifactuFacturaSchema), ...errores },
        },
      },
      async (request) => ({
        data: await service.verifactu(currentUser(request), request.params.id, clase),
      }),
    );

    app.get(
      `${base}/:id/historial`,
      {
        config: { permission: view },
        schema: {
          tags,
          summary: 'Historial',
          params: idParamsSchema,
          querystring: historialQuerySchema,
          response: { 200: historialResponseSchema, ...errores },
        },
      },
      async (request) =>
        service.history(currentUser(request), request.params.id, clase, request.query) as never,
    );
  }

  app.post(
    '/facturas/:id/anular',
    {
      config: { permission: 'facturas.anular' },
      schema: {
        tags,
        summary: 'Anular (registro de anulación VERI*FACTU)',
        params: idParamsSchema,
        body: anularSchema,
        response: { 200: data(facturaSchema), ...errores },
      },
    },
    async (request, reply) => {
      const f = await service.anular(
        currentUser(request),
        request.params.id,
        request.body.motivo,
        expectedVersion(request, request.body.version),
      );
      return { data: withVersionTag(reply, f) };
    },
  );
};
