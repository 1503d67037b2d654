import { z } from 'zod';
import { can } from '@tvsistema/domain/auth';
import { formatFecha } from '@tvsistema/domain/format';
import {
  bajaMaquinaSchema,
  ESTADO_MAQUINA_LABELS,
  lecturaCreateSchema,
  lecturaSchema,
  maquinaCreateSchema,
  maquinaExportQuerySchema,
  maquinaListQuerySchema,
  maquinaSchema,
  maquinaUpdateSchema,
  ocupacionQuerySchema,
  reactivarMaquinaSchema,
  TIPO_MAQUINA,
  type Maquina,
  type MaquinaListQuery,
} from '@tvsistema/domain/inventario';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/auth.plugin.js';
import { errorSchema, idParamsSchema } from '../../http/schemas.js';
import { expectedVersion, withVersionTag } from '../../http/versioning.js';
import type { ModuleContext } from '../../module.js';
import { createHorometroService } from './horometro.service.js';
import { csvDe, decimalCsv, enviarCsv, enviarPdf, type ColumnaCsv } from './inventario-csv.js';
import { fichaMaquinaPdf } from './inventario-pdf.js';
import { registrarCatalogo, sinContenido } from './inventario-rutas.js';
import { exportMaquinas, findMaquinaGuardada } from './maquinas.repository.js';
import { createMaquinasService } from './maquinas.service.js';
import { createReservasService, ocupacionSchema } from './reservas.service.js';

const tags = ['maquinaria'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const record = z.object({ data: maquinaSchema });

/** §6: the purchase price only for whoever may edit machines. */
const opcionesDe = (request: FastifyRequest) => ({
  verPrecio: can(currentUser(request).roles, 'maquinaria.edit'),
});

type Fila = { maquina: Maquina; caducidadItv: string | null };
const COLUMNAS: readonly ColumnaCsv<Fila>[] = [
  { header: 'Código', value: ({ maquina }) => maquina.codigoInterno },
  { header: 'Tipo', value: ({ maquina }) => TIPO_MAQUINA[maquina.tipo].label },
  { header: 'Marca', value: ({ maquina }) => maquina.marca },
  { header: 'Modelo', value: ({ maquina }) => maquina.modelo },
  { header: 'Nº de serie', value: ({ maquina }) => maquina.numeroSerie },
  { header: 'Año', value: ({ maquina }) => maquina.anio },
  { header: 'Matrícula', value: ({ maquina }) => maquina.matricula?.texto ?? null },
  { header: 'Horómetro (h)', value: ({ maquina }) => decimalCsv(maquina.horometro) },
  { header: 'Estado', value: ({ maquina }) => ESTADO_MAQUINA_LABELS[maquina.estado] },
  { header: 'Tarifa día (€)', value: ({ maquina }) => decimalCsv(maquina.tarifas.dia) },
  { header: 'Tarifa semana (€)', value: ({ maquina }) => decimalCsv(maquina.tarifas.semana) },
  { header: 'Tarifa mes (€)', value: ({ maquina }) => decimalCsv(maquina.tarifas.mes) },
  { header: 'Peso (kg)', value: ({ maquina }) => decimalCsv(maquina.pesoKg) },
  {
    header: 'Caducidad ITV',
    value: ({ caducidadItv }) => (caducidadItv ? formatFecha(caducidadItv) : null),
  },
  { header: 'Avisos', value: ({ maquina }) => maquina.avisos.map((a) => a.mensaje).join(' | ') },
];

const lecturaParams = z.object({ id: z.string(), lecturaId: z.string() });

/** /api/maquinaria (§6.1). */
export const maquinasRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, today },
) => {
  const service = createMaquinasService(database, today);
  const horometro = createHorometroService(database, today, service);
  const reservas = createReservasService(database, today);
  registrarCatalogo(app, {
    base: '/maquinaria',
    tags,
    view: 'maquinaria.view',
    edit: 'maquinaria.edit',
    nombre: 'máquina (código automático si se deja vacío, R1)',
    schemas: {
      record: maquinaSchema,
      list: maquinaListQuerySchema,
      create: maquinaCreateSchema,
      update: maquinaUpdateSchema,
    },
    list: (request, query: MaquinaListQuery) => service.list(query, opcionesDe(request)),
    get: (request, id) => service.detalle(id, opcionesDe(request)),
    history: service.history,
    create: service.create,
    update: service.update,
    remove: service.remove,
  });

  app.get(
    '/maquinaria/export',
    {
      config: { permission: 'maquinaria.view' },
      schema: { tags, summary: 'Exportación CSV', querystring: maquinaExportQuerySchema },
    },
    async (request, reply) =>
      enviarCsv(
        reply,
        'maquinaria',
        today(),
        csvDe(COLUMNAS, await exportMaquinas(database.db, request.query, today())),
      ),
  );

  app.get(
    '/maquinaria/:id/pdf',
    {
      config: { permission: 'maquinaria.view' },
      schema: {
        tags,
        summary: 'Ficha técnica (PDF), sin el precio de compra',
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: { 404: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const maquina = await service.get(request.params.id, { verPrecio: false });
      const guardada = await findMaquinaGuardada(database.db, maquina._id, today());
      return enviarPdf(
        reply,
        `ficha-${maquina.codigoInterno}.pdf`,
        await fichaMaquinaPdf(database.db, today(), maquina, guardada?.documentos ?? []),
      );
    },
  );

  app.get(
    '/maquinaria/:id/ocupacion',
    {
      config: { permission: 'maquinaria.view' },
      schema: {
        tags,
        summary: 'Reservas y mantenimientos que ocupan la máquina en el periodo (≤ 366 días)',
        params: idParamsSchema,
        querystring: ocupacionQuerySchema,
        response: {
          200: z.object({ data: z.array(ocupacionSchema) }),
          404: errorSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      await service.get(request.params.id, { verPrecio: false });
      return {
        data: await reservas.ocupacionMaquina(
          request.params.id,
          request.query.desde,
          request.query.hasta,
        ),
      };
    },
  );

  app.post(
    '/maquinaria/:id/baja',
    {
      config: { permission: 'maquinaria.edit' },
      schema: {
        tags,
        summary: 'Dar de baja',
        params: idParamsSchema,
        body: bajaMaquinaSchema,
        response: { 200: record, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { version, ...input } = request.body;
      const data = await service.baja(
        currentUser(request),
        request.params.id,
        input,
        expectedVersion(request, version),
      );
      return { data: withVersionTag(reply, data) };
    },
  );

  app.post(
    '/maquinaria/:id/reactivar',
    {
      config: { permission: 'maquinaria.edit' },
      schema: {
        tags,
        summary: 'Reactivar una máquina dada de baja',
        params: idParamsSchema,
        body: reactivarMaquinaSchema,
        response: { 200: record, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.reactivar(
        currentUser(request),
        request.params.id,
        expectedVersion(request, request.body.version),
      );
      return { data: withVersionTag(reply, data) };
    },
  );

  app.get(
    '/maquinaria/:id/horometro',
    {
      config: { permission: 'maquinaria.view' },
      schema: {
        tags,
        summary: 'Lecturas del horómetro, de la más reciente a la más antigua',
        params: idParamsSchema,
        response: { 200: z.object({ data: z.array(lecturaSchema) }), 404: errorSchema, ...errors },
      },
    },
    async (request) => ({ data: await horometro.list(request.params.id) }),
  );

  app.post(
    '/maquinaria/:id/horometro',
    {
      config: { permission: 'maquinaria.taller' },
      schema: {
        tags,
        summary: 'Registrar una lectura (una sustitución del horómetro, solo administración)',
        params: idParamsSchema,
        body: lecturaCreateSchema,
        response: {
          201: z.object({ data: z.object({ lectura: lecturaSchema, maquina: maquinaSchema }) }),
          404: errorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await horometro.create(
        user,
        request.params.id,
        request.body,
        can(user.roles, 'maquinaria.edit'),
      );
      return reply.code(201).send({ data });
    },
  );

  app.delete(
    '/maquinaria/:id/horometro/:lecturaId',
    {
      config: { permission: 'maquinaria.edit' },
      schema: {
        tags,
        summary: 'Eliminar la última lectura (errores de tecleo)',
        params: lecturaParams,
        response: { 204: sinContenido, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await horometro.remove(request.params.id, request.params.lecturaId);
      return reply.code(204).send(null);
    },
  );
};
