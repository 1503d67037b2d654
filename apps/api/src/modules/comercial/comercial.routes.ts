import { z } from 'zod';
import {
  aceptarSchema,
  alquilerCreateSchema,
  alquilerExportQuerySchema,
  alquilerListQuerySchema,
  alquilerResumenSchema,
  alquilerSchema,
  alquilerUpdateSchema,
  bajaSchema,
  CALENDARIO_MAX_DIAS,
  calendarioQuerySchema,
  cambiarFinSchema,
  cancelarSchema,
  COMERCIAL_MESSAGES as M,
  ESTADO_ALQUILER_LABELS,
  ESTADO_FIANZA_LABELS,
  ESTADO_PRESUPUESTO_LABELS,
  fianzaUpdateSchema,
  plantillaCreateSchema,
  plantillaListQuerySchema,
  plantillaSchema,
  plantillaUpdateSchema,
  presupuestoCreateSchema,
  presupuestoExportQuerySchema,
  presupuestoListQuerySchema,
  presupuestoResumenSchema,
  presupuestoSchema,
  presupuestoUpdateSchema,
  rechazarSchema,
  renovarSchema,
  versionBodySchema,
  type AlquilerResumen,
} from '@tvsistema/domain/comercial';
import { diasEntre } from '@tvsistema/domain/fechas';
import { formatFecha } from '@tvsistema/domain/format';
import { historialQuerySchema } from '@tvsistema/domain/historial';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/auth.plugin.js';
import { basesFacturadas, periodosFacturados } from '../finanzas/index.js';
import { invalidData } from '../../http/errors.js';
import { errorSchema, idParamsSchema, pageResponseSchema } from '../../http/schemas.js';
import { expectedVersion, optionalIfMatch, withVersionTag } from '../../http/versioning.js';
import type { ModuleContext } from '../../module.js';
import { historialResponseSchema } from '../historial/index.js';
import { ocupacion } from '../inventario/index.js';
import { createAlquileresService } from './alquileres.service.js';
import { registerArchivosAlquiler } from './comercial-archivos.routes.js';
import {
  buscarClientes,
  estadosDeAlquileres,
  type PresupuestoLeido,
} from './comercial.repository.js';
import { ConflictoComercialError } from './comercial-comun.js';
import { contratoPdf, presupuestoPdf } from './comercial-pdf.js';
import { csvDe, decimalCsv, enviarCsv, type ColumnaCsv } from './comercial-csv.js';
import { createPresupuestosService } from './presupuestos.service.js';
import { proximoPeriodo } from './puertos.js';

// §6: /api/presupuestos and /api/alquileres. Every route names its permission; the 409s of
// availability carry `conflictos` (this plugin's error handler), everything else goes up.

const CADUCIDAD_MS = 15 * 60 * 1000;
const errores = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};
const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

const enviarPdf = (reply: FastifyReply, nombre: string, pdf: Buffer, descarga: boolean) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `${descarga ? 'attachment' : 'inline'}; filename="${nombre}"`)
    .header('cache-control', 'no-store')
    .send(pdf);

const COLUMNAS_PRESUPUESTO: readonly ColumnaCsv<PresupuestoLeido>[] = [
  { header: 'Número', value: (p) => p.row.numero },
  { header: 'Estado', value: (p) => ESTADO_PRESUPUESTO_LABELS[p.row.estado as 'borrador'] },
  { header: 'Revisión', value: (p) => p.row.revision },
  {
    header: 'Cliente',
    value: (p) => p.clienteNombre ?? p.row.clienteProvisional?.['nombre'] ?? '',
  },
  {
    header: 'NIF',
    value: (p) => p.clienteDocumento ?? p.row.clienteProvisional?.['documento'] ?? '',
  },
  { header: 'Obra', value: (p) => p.row.obraNombre },
  { header: 'Municipio', value: (p) => p.direccion.municipio },
  { header: 'Emisión', value: (p) => (p.row.fechaEmision ? formatFecha(p.row.fechaEmision) : '') },
  { header: 'Validez', value: (p) => formatFecha(p.row.fechaValidez) },
  { header: 'Base imponible', value: (p) => decimalCsv(p.row.base) },
  { header: 'IVA', value: (p) => decimalCsv(p.row.iva) },
  { header: 'Total', value: (p) => decimalCsv(p.row.total) },
  { header: 'Alquiler', value: (p) => p.alquilerNumero },
  { header: 'Creado', value: (p) => p.row.createdAt.toISOString() },
  { header: 'Actualizado', value: (p) => p.row.updatedAt.toISOString() },
];

/** The rentals' CSV columns; `facturado`: each rental's base billed by issued invoices. */
const columnasAlquiler = (
  facturado: ReadonlyMap<string, string>,
): readonly ColumnaCsv<AlquilerResumen>[] => [
  { header: 'Número', value: (a) => a.numero },
  { header: 'Estado', value: (a) => ESTADO_ALQUILER_LABELS[a.estado] },
  { header: 'Cliente', value: (a) => a.cliente },
  { header: 'NIF', value: (a) => a.documento },
  { header: 'Obra', value: (a) => a.obraNombre },
  { header: 'Municipio', value: (a) => a.municipio },
  { header: 'Desde', value: (a) => formatFecha(a.fechaInicio) },
  { header: 'Hasta', value: (a) => formatFecha(a.fechaFin) },
  { header: 'Importe estimado', value: (a) => decimalCsv(a.importeEstimado) },
  { header: 'Facturado', value: (a) => decimalCsv(facturado.get(a._id) ?? '0.00') },
  { header: 'Fianza', value: (a) => decimalCsv(a.fianza) },
  { header: 'Estado fianza', value: (a) => ESTADO_FIANZA_LABELS[a.fianzaEstado] },
  { header: 'Retraso (días)', value: (a) => a.retrasoDias },
  { header: 'Creado', value: (a) => a.createdAt },
  { header: 'Actualizado', value: (a) => a.updatedAt },
];

export const comercialRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, config, today },
) => {
  const presupuestos = createPresupuestosService(database, today);
  const alquileres = createAlquileresService(database, today);

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ConflictoComercialError)
      return reply
        .code(409)
        .send({ message: error.message, errors: error.errors ?? [], conflictos: error.conflictos });
    throw error;
  });

  // R13: the expiry sweep at start-up and every 15 minutes. A failed sweep is logged and retried
  // at the next tick: the API must start, and keep serving, while the database is unreachable.
  let temporizador: NodeJS.Timeout | undefined;
  const barrer = () =>
    presupuestos.caducar().then(
      () => undefined,
      (error: unknown) => app.log.error({ err: error }, 'Caducidad de presupuestos'),
    );
  app.addHook('onReady', async () => {
    await barrer();
    temporizador = setInterval(() => void barrer(), CADUCIDAD_MS);
    temporizador.unref();
  });
  app.addHook('onClose', async () => {
    if (temporizador) clearInterval(temporizador);
  });

  const r = app;
  const tags = ['presupuestos'];
  const tagsA = ['alquileres'];

  // ---- presupuestos ----
  r.get(
    '/presupuestos',
    {
      config: { permission: 'presupuestos.view' },
      schema: {
        tags,
        summary: 'Lista de presupuestos',
        querystring: presupuestoListQuerySchema,
        response: { 200: pageResponseSchema(presupuestoResumenSchema), ...errores },
      },
    },
    async (request) => presupuestos.list(request.query),
  );
  r.get(
    '/presupuestos/export',
    {
      config: { permission: 'presupuestos.view' },
      schema: { tags, summary: 'Exportación CSV', querystring: presupuestoExportQuerySchema },
    },
    async (request, reply) =>
      enviarCsv(
        reply,
        'presupuestos',
        today(),
        csvDe(COLUMNAS_PRESUPUESTO, await presupuestos.exportar(request.query)),
      ),
  );
  r.get(
    '/presupuestos/plantillas',
    {
      config: { permission: 'presupuestos.view' },
      schema: {
        tags,
        summary: 'Plantillas de presupuesto',
        querystring: plantillaListQuerySchema,
        response: { 200: pageResponseSchema(plantillaSchema), ...errores },
      },
    },
    async (request) => presupuestos.plantillas.list(request.query),
  );
  r.post(
    '/presupuestos/plantillas',
    {
      config: { permission: 'presupuestos.edit' },
      schema: {
        tags,
        summary: 'Nueva plantilla',
        body: plantillaCreateSchema,
        response: { 201: dataOf(plantillaSchema), ...errores },
      },
    },
    async (request, reply) => {
      const data = await presupuestos.plantillas.create(currentUser(request), request.body);
      return reply.code(201).send({ data: withVersionTag(reply, data) });
    },
  );
  r.get(
    '/presupuestos/plantillas/:id',
    {
      config: { permission: 'presupuestos.view' },
      schema: {
        tags,
        summary: 'Plantilla',
        params: idParamsSchema,
        response: { 200: dataOf(plantillaSchema), ...errores },
      },
    },
    async (request, reply) => ({
      data: withVersionTag(reply, await presupuestos.plantillas.get(request.params.id)),
    }),
  );
  r.put(
    '/presupuestos/plantillas/:id',
    {
      config: { permission: 'presupuestos.edit' },
      schema: {
        tags,
        summary: 'Modificar plantilla',
        params: idParamsSchema,
        body: plantillaUpdateSchema,
        response: { 200: dataOf(plantillaSchema), ...errores },
      },
    },
    async (request, reply) => {
      const { version, ...input } = request.body;
      const data = await presupuestos.plantillas.update(
        currentUser(request),
        request.params.id,
        input,
        expectedVersion(request, version),
      );
      return { data: withVersionTag(reply, data) };
    },
  );
  r.delete(
    '/presupuestos/plantillas/:id',
    {
      config: { permission: 'presupuestos.edit' },
      schema: {
        tags,
        summary: 'Eliminar plantilla sin uso',
        params: idParamsSchema,
        querystring: z.object({ version: z.coerce.number().int().optional() }),
      },
    },
    async (request, reply) => {
      await presupuestos.plantillas.remove(
        currentUser(request),
        request.params.id,
        request.query.version ?? optionalIfMatch(request),
      );
      return reply.code(204).send();
    },
  );
  r.get(
    '/presupuestos/:id',
    {
      config: { permission: 'presupuestos.view' },
      schema: {
        tags,
        summary: 'Presupuesto',
        params: idParamsSchema,
        response: { 200: dataOf(presupuestoSchema), ...errores },
      },
    },
    async (request, reply) => ({
      data: withVersionTag(reply, await presupuestos.get(request.params.id)),
    }),
  );
  r.post(
    '/presupuestos',
    {
      config: { permission: 'presupuestos.edit' },
      schema: {
        tags,
        summary: 'Nuevo presupuesto (borrador)',
        body: presupuestoCreateSchema,
        response: { 201: dataOf(presupuestoSchema), ...errores },
      },
    },
    async (request, reply) => {
      const data = await presupuestos.create(currentUser(request), request.body);
      return reply.code(201).send({ data: withVersionTag(reply, data) });
    },
  );
  r.put(
    '/presupuestos/:id',
    {
      config: { permission: 'presupuestos.edit' },
      schema: {
        tags,
        summary: 'Guardar cambios',
        params: idParamsSchema,
        body: presupuestoUpdateSchema,
        response: { 200: dataOf(presupuestoSchema), ...errores },
      },
    },
    async (request, reply) => {
      const { version, ...input } = request.body;
      const data = await presupuestos.update(
        currentUser(request),
        request.params.id,
        input,
        expectedVersion(request, version),
      );
      return { data: withVersionTag(reply, data) };
    },
  );
  r.delete(
    '/presupuestos/:id',
    {
      config: { permission: 'presupuestos.edit' },
      schema: {
        tags,
        summary: 'Eliminar borrador',
        params: idParamsSchema,
        querystring: z.object({ version: z.coerce.number().int().optional() }),
      },
    },
    async (request, reply) => {
      await presupuestos.remove(
        currentUser(request),
        request.params.id,
        request.query.version ?? optionalIfMatch(request),
      );
      return reply.code(204).send();
    },
  );
  const accion = <B extends z.ZodType<{ version?: number | undefined }>>(
    ruta: string,
    summary: string,
    body: B,
    fn: (
      user: ReturnType<typeof currentUser>,
      id: string,
      body: z.output<B>,
      version: number | undefined,
    ) => Promise<unknown>,
    codigo = 200,
  ) =>
    r.post(
      `/presupuestos/:id/${ruta}`,
      {
        config: { permission: 'presupuestos.edit' },
        schema: { tags, summary, params: idParamsSchema, body },
      },
      async (request, reply) => {
        const b = request.body as z.output<B>;
        const data = await fn(
          currentUser(request),
          request.params.id,
          b,
          expectedVersion(request, b.version),
        );
        return reply.code(codigo).send({ data });
      },
    );
  accion('enviar', 'Marcar como enviado', versionBodySchema, (u, id, _b, v) =>
    presupuestos.enviar(u, id, v),
  );
  accion(
    'aceptar',
    'Aceptar y crear alquiler',
    aceptarSchema,
    (u, id, b, v) => presupuestos.aceptar(u, id, b, v),
    201,
  );
  accion('actualizar-precios', 'Actualizar precios (R7)', versionBodySchema, (u, id, _b, v) =>
    presupuestos.actualizarPrecios(u, id, v),
  );
  accion('rechazar', 'Rechazar', rechazarSchema, (u, id, b, v) =>
    presupuestos.rechazar(u, id, v, b.motivo),
  );
  accion('renovar', 'Renovar validez', renovarSchema, (u, id, b, v) =>
    presupuestos.renovar(u, id, v, b.fechaValidez),
  );
  r.post(
    '/presupuestos/:id/duplicar',
    {
      config: { permission: 'presupuestos.edit' },
      schema: {
        tags,
        summary: 'Duplicar',
        params: idParamsSchema,
        response: { 201: dataOf(presupuestoSchema), ...errores },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await presupuestos.duplicar(currentUser(request), request.params.id) }),
  );
  r.get(
    '/presupuestos/:id/disponibilidad',
    {
      config: { permission: 'presupuestos.view' },
      schema: {
        tags,
        summary: 'Disponibilidad de las líneas (informativa, R9)',
        params: idParamsSchema,
      },
    },
    async (request) => ({ data: await presupuestos.disponibilidad(request.params.id) }),
  );
  r.get(
    '/presupuestos/:id/historial',
    {
      config: { permission: 'presupuestos.view' },
      schema: {
        tags,
        summary: 'Historial',
        params: idParamsSchema,
        querystring: historialQuerySchema,
        response: { 200: historialResponseSchema, ...errores },
      },
    },
    async (request) => presupuestos.history(request.params.id, request.query) as never,
  );
  r.get(
    '/presupuestos/:id/pdf',
    {
      config: { permission: 'presupuestos.view' },
      schema: {
        tags,
        summary: 'PDF del presupuesto',
        params: idParamsSchema,
        querystring: z.object({ descarga: z.string().optional() }),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const p = await presupuestos.get(request.params.id);
      const pdf = await presupuestoPdf(database.db, p);
      return enviarPdf(
        reply,
        `${p.numero ?? 'presupuesto-borrador'}.pdf`,
        pdf,
        request.query.descarga === '1',
      );
    },
  );

  // ---- alquileres ----
  r.get(
    '/alquileres',
    {
      config: { permission: 'alquileres.view' },
      schema: {
        tags: tagsA,
        summary: 'Lista de alquileres',
        querystring: alquilerListQuerySchema,
        response: { 200: pageResponseSchema(alquilerResumenSchema), ...errores },
      },
    },
    async (request) => alquileres.list(request.query),
  );
  r.get(
    '/alquileres/export',
    {
      config: { permission: 'alquileres.view' },
      schema: { tags: tagsA, summary: 'Exportación CSV', querystring: alquilerExportQuerySchema },
    },
    async (request, reply) => {
      const filas = await alquileres.exportar(request.query);
      const facturado = await basesFacturadas(
        database.db,
        'alquiler',
        filas.map((a) => a._id),
      );
      return enviarCsv(reply, 'alquileres', today(), csvDe(columnasAlquiler(facturado), filas));
    },
  );
  r.get(
    '/alquileres/opciones/clientes',
    {
      config: { permission: 'alquileres.edit' },
      schema: {
        tags: tagsA,
        summary: 'Clientes activos de alquileres',
        querystring: z.object({
          q: z.string().trim().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(20).default(20),
        }),
      },
    },
    async (request) => ({
      data: await buscarClientes(database.db, request.query.q, request.query.limit),
    }),
  );
  r.get(
    '/alquileres/calendario',
    {
      config: { permission: 'alquileres.view' },
      schema: {
        tags: tagsA,
        summary: 'Ocupación por máquina o componente',
        querystring: calendarioQuerySchema,
      },
    },
    async (request) => {
      const q = request.query;
      if (q.hasta < q.desde || diasEntre(q.desde, q.hasta) + 1 > CALENDARIO_MAX_DIAS)
        throw invalidData([`hasta: ${M.calendarioIntervalo}`]);
      const respuesta = await ocupacion(database.db, { ...q, hoy: today() });
      // §5: a rental's bar takes its state's colour; maintenance and the rest carry none.
      const estados = await estadosDeAlquileres(database.db, [
        ...new Set(
          respuesta.data.flatMap((f) =>
            f.bloqueos.filter((b) => b.origenTipo === 'alquiler').map((b) => b.origenId),
          ),
        ),
      ]);
      return {
        ...respuesta,
        data: respuesta.data.map((f) => ({
          ...f,
          bloqueos: f.bloqueos.map((b) => ({
            ...b,
            estadoAlquiler: b.origenTipo === 'alquiler' ? (estados.get(b.origenId) ?? null) : null,
          })),
        })),
      };
    },
  );
  r.get(
    '/alquileres/agenda',
    {
      config: { permission: 'alquileres.view' },
      schema: {
        tags: tagsA,
        summary: 'Entregas, recogidas y retrasos próximos',
        querystring: z.object({ dias: z.coerce.number().int().min(1).max(31).default(7) }),
      },
    },
    async (request) => ({ data: await alquileres.agenda(request.query.dias) }),
  );
  r.get(
    '/alquileres/:id',
    {
      config: { permission: 'alquileres.view' },
      schema: {
        tags: tagsA,
        summary: 'Alquiler',
        params: idParamsSchema,
        response: { 200: dataOf(alquilerSchema), ...errores },
      },
    },
    async (request, reply) => ({
      data: withVersionTag(reply, await alquileres.get(request.params.id)),
    }),
  );
  r.post(
    '/alquileres',
    {
      config: { permission: 'alquileres.edit' },
      schema: {
        tags: tagsA,
        summary: 'Nuevo alquiler (reserva el material)',
        body: alquilerCreateSchema,
        response: { 201: dataOf(alquilerSchema), ...errores },
      },
    },
    async (request, reply) => {
      const data = await alquileres.create(currentUser(request), request.body);
      return reply.code(201).send({ data: withVersionTag(reply, data) });
    },
  );
  r.put(
    '/alquileres/:id',
    {
      config: { permission: 'alquileres.edit' },
      schema: {
        tags: tagsA,
        summary: 'Guardar cambios (vuelve a reservar)',
        params: idParamsSchema,
        body: alquilerUpdateSchema,
        response: { 200: dataOf(alquilerSchema), ...errores },
      },
    },
    async (request, reply) => {
      const { version, ...input } = request.body;
      const data = await alquileres.update(
        currentUser(request),
        request.params.id,
        input,
        expectedVersion(request, version),
      );
      return { data: withVersionTag(reply, data) };
    },
  );
  const accionA = <B extends z.ZodType<{ version?: number | undefined }>>(
    ruta: string,
    summary: string,
    body: B,
    fn: (
      user: ReturnType<typeof currentUser>,
      id: string,
      body: z.output<B>,
      version: number | undefined,
    ) => Promise<unknown>,
    metodo: 'post' | 'put' = 'post',
  ) =>
    r[metodo](
      `/alquileres/:id/${ruta}`,
      {
        config: { permission: 'alquileres.edit' },
        schema: { tags: tagsA, summary, params: idParamsSchema, body },
      },
      async (request) => {
        const b = request.body as z.output<B>;
        return {
          data: await fn(
            currentUser(request),
            request.params.id,
            b,
            expectedVersion(request, b.version),
          ),
        };
      },
    );
  accionA('cambiar-fin', 'Cambiar fin', cambiarFinSchema, (u, id, b, v) =>
    alquileres.cambiarFin(u, id, v, b),
  );
  accionA('baja', 'Comunicar baja', bajaSchema, (u, id, b, v) => alquileres.baja(u, id, v, b));
  accionA('actualizar-precios', 'Actualizar precios (R7)', versionBodySchema, (u, id, _b, v) =>
    alquileres.actualizarPrecios(u, id, v),
  );
  accionA('finalizar', 'Finalizar', versionBodySchema, (u, id, _b, v) =>
    alquileres.finalizar(u, id, v),
  );
  accionA('cancelar', 'Cancelar alquiler', cancelarSchema, (u, id, b, v) =>
    alquileres.cancelar(u, id, v, b.motivo),
  );
  accionA(
    'fianza',
    'Cobro o devolución de la fianza',
    fianzaUpdateSchema,
    (u, id, { version: _v, ...b }, v) => alquileres.fianza(u, id, v, b),
    'put',
  );
  r.get(
    '/alquileres/:id/historial',
    {
      config: { permission: 'alquileres.view' },
      schema: {
        tags: tagsA,
        summary: 'Historial',
        params: idParamsSchema,
        querystring: historialQuerySchema,
        response: { 200: historialResponseSchema, ...errores },
      },
    },
    async (request) => alquileres.history(request.params.id, request.query) as never,
  );
  r.get(
    '/alquileres/:id/facturacion',
    {
      config: { permission: 'alquileres.view' },
      schema: {
        tags: tagsA,
        summary: 'Periodos facturados y próximo periodo',
        params: idParamsSchema,
      },
    },
    async (request) => {
      const a = await alquileres.get(request.params.id);
      return {
        data: {
          periodos: await periodosFacturados(database.db, 'alquiler', a._id),
          proximo: await proximoPeriodo(database.db, a._id, today()),
        },
      };
    },
  );
  r.get(
    '/alquileres/:id/pdf',
    {
      config: { permission: 'alquileres.view' },
      schema: {
        tags: tagsA,
        summary: 'Contrato de alquiler (PDF)',
        params: idParamsSchema,
        querystring: z.object({ descarga: z.string().optional() }),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const a = await alquileres.get(request.params.id);
      return enviarPdf(
        reply,
        `${a.numero}.pdf`,
        await contratoPdf(database.db, a),
        request.query.descarga === '1',
      );
    },
  );

  await registerArchivosAlquiler(app, { database, config, alquileres });
};
