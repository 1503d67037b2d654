import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  componenteDisponibilidadQuerySchema,
  conceptoOpcionesQuerySchema,
  conceptoSchema,
  disponibilidadBodySchema,
  INVENTARIO_MESSAGES as M,
  maquinaOpcionesQuerySchema,
  CATEGORIAS_COMPONENTE,
  TIPOS_MAQUINA,
  type Concepto,
} from '@tvsistema/domain/inventario';
import { fechaSchema, sumarDias } from '@tvsistema/domain/fechas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rowsOf } from '../../db/executor.js';
import { errorSchema, idParamsSchema } from '../../http/schemas.js';
import { notFound } from '../../http/errors.js';
import type { ModuleContext } from '../../module.js';
import { conceptoJson } from './conceptos.service.js';
import { dondeTodos, filtroBusqueda, idValido } from './inventario-comun.js';
import { listComponentes } from './andamios.queries.js';
import { listMaquinas } from './maquinas.queries.js';
import {
  createReservasService,
  disponibilidadRespuestaSchema,
  ocupacionSchema,
} from './reservas.service.js';

// §6.4 (`inventario.consultar`): the read-only projection comercial's screens need — pickers and
// availability — for roles that quote and rent but may not open the inventory screens.

const tags = ['inventario'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

const opcionMaquina = z.object({
  _id: z.string(),
  codigoInterno: z.string(),
  tipo: z.enum(TIPOS_MAQUINA),
  marca: z.string(),
  modelo: z.string(),
  estado: z.string(),
  tarifas: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  pesoKg: z.string(),
  diasPreparacion: z.number().int(),
  libre: z.boolean().nullable(),
  conflictos: z.array(
    z.object({
      tipo: z.string(),
      numero: z.string(),
      desde: z.string(),
      hasta: z.string().nullable(),
      mensaje: z.string().nullable(),
    }),
  ),
  avisos: z.array(z.object({ codigo: z.string(), nivel: z.string(), mensaje: z.string() })),
});

const opcionComponente = z.object({
  _id: z.string(),
  codigo: z.string(),
  nombre: z.string(),
  categoria: z.enum(CATEGORIAS_COMPONENTE),
  pesoKg: z.string(),
  precios: z.object({
    dia: z.string(),
    semana: z.string().nullable(),
    mes: z.string().nullable(),
    reposicion: z.string().nullable(),
  }),
  capacidad: z.number().int(),
  libresMin: z.number().int().nullable(),
  fechaLimitante: z.string().nullable(),
});

export const opcionesRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { database, today },
) => {
  const reservas = createReservasService(database, today);

  app.get(
    '/inventario/maquinas/opciones',
    {
      config: { permission: 'inventario.consultar' },
      schema: {
        tags,
        summary:
          'Máquinas para elegir en presupuestos y alquileres (sin bajas), libres o no en las fechas',
        querystring: maquinaOpcionesQuerySchema,
        response: { 200: z.object({ data: z.array(opcionMaquina) }), ...errors },
      },
    },
    async (request) => {
      const { q, tipo, desde, hasta, excluirOrigenId, limit } = request.query;
      const { data } = await listMaquinas(
        database.db,
        {
          page: 1,
          limit,
          searchTerm: q,
          tipo,
          estado: 'activas',
          aviso: undefined,
          libreDesde: undefined,
          libreHasta: undefined,
          sort: undefined,
        },
        today(),
        { verPrecio: false },
      );
      const disponibilidad =
        desde && hasta && data.length > 0
          ? await reservas.disponibilidad(
              data.map((m) => ({ lineaId: m._id, maquinaId: m._id, cantidad: 1, desde, hasta })),
              excluirOrigenId,
            )
          : undefined;
      return {
        data: data.map((m, i) => {
          const linea = disponibilidad?.lineas[i];
          return {
            _id: m._id,
            codigoInterno: m.codigoInterno,
            tipo: m.tipo,
            marca: m.marca,
            modelo: m.modelo,
            estado: m.estado,
            tarifas: m.tarifas,
            pesoKg: m.pesoKg,
            diasPreparacion: m.diasPreparacion,
            libre: linea ? linea.ok : null,
            conflictos: (linea?.conflictos ?? []).map((c, j) => ({
              ...c,
              mensaje: j === 0 ? (linea?.mensaje ?? null) : null,
            })),
            avisos: linea ? linea.avisos : m.avisos,
          };
        }),
      };
    },
  );

  app.get(
    '/inventario/componentes/opciones',
    {
      config: { permission: 'inventario.consultar' },
      schema: {
        tags,
        summary: 'Componentes activos con sus libres mínimos en las fechas',
        querystring: z
          .object({
            q: z.string().max(200).optional(),
            categoria: z.enum(CATEGORIAS_COMPONENTE).optional(),
            desde: fechaSchema().optional(),
            hasta: fechaSchema().optional(),
            excluirOrigenId: z.string().max(60).optional(),
            limit: z.coerce.number().int().min(1).max(50).default(20),
          })
          .superRefine((query, ctx) => {
            if ((query.desde === undefined) !== (query.hasta === undefined))
              ctx.addIssue({ code: 'custom', message: M.libreAmbas, path: ['hasta'] });
          }),
        response: { 200: z.object({ data: z.array(opcionComponente) }), ...errors },
      },
    },
    async (request) => {
      const { q, categoria, desde, hasta, excluirOrigenId, limit } = request.query;
      const { data } = await listComponentes(
        database.db,
        {
          page: 1,
          limit,
          searchTerm: q,
          categoria,
          activo: true,
          bajoMinimo: undefined,
          sobrerreserva: undefined,
          sistema: undefined,
          sort: undefined,
        },
        today(),
      );
      const disponibilidad =
        desde && hasta && data.length > 0
          ? await reservas.disponibilidad(
              data.map((c) => ({ lineaId: c._id, componenteId: c._id, cantidad: 1, desde, hasta })),
              excluirOrigenId,
            )
          : undefined;
      return {
        data: data.map((c, i) => ({
          _id: c._id,
          codigo: c.codigo,
          nombre: c.nombre,
          categoria: c.categoria,
          pesoKg: c.pesoKg,
          precios: {
            dia: c.precios.dia,
            semana: c.precios.semana,
            mes: c.precios.mes,
            reposicion: c.precios.reposicion,
          },
          capacidad: c.stock.disponible + c.stock.alquilado,
          libresMin: disponibilidad?.lineas[i]?.libresMin ?? null,
          fechaLimitante: disponibilidad?.lineas[i]?.fechaLimitante ?? null,
        })),
      };
    },
  );

  app.get(
    '/inventario/conceptos/opciones',
    {
      config: { permission: 'inventario.consultar' },
      schema: {
        tags,
        summary: 'Plantillas de concepto activas',
        querystring: conceptoOpcionesQuerySchema,
        response: { 200: z.object({ data: z.array(conceptoSchema) }), ...errors },
      },
    },
    async (request) => {
      const { q, tipo, aplicaA, limit } = request.query;
      const where = dondeTodos([
        sql`c.activo`,
        filtroBusqueda(sql.raw('c.busqueda'), q),
        tipo ? sql`c.tipo = ${tipo}` : undefined,
        aplicaA ? sql`c.aplica_a in (${aplicaA}, 'todos')` : undefined,
      ]);
      const rows = await rowsOf<{ r: Concepto }>(
        database.db,
        sql`select ${conceptoJson} as r from conceptos c where ${where} order by c.codigo limit ${limit}`,
      );
      return { data: rows.map((row) => row.r) };
    },
  );

  app.post(
    '/inventario/disponibilidad',
    {
      config: { permission: 'inventario.consultar' },
      schema: {
        tags,
        summary: 'Disponibilidad de varias líneas, cada una con sus fechas (informa, nunca 409)',
        body: disponibilidadBodySchema,
        response: { 200: disponibilidadRespuestaSchema, ...errors },
      },
    },
    async (request) =>
      reservas.disponibilidad(
        request.body.lineas.map((linea, indice) => ({ ...linea, lineaId: String(indice) })),
        request.body.excluirOrigenId,
      ),
  );

  app.get(
    '/inventario/componentes/:id/disponibilidad',
    {
      config: { permission: 'inventario.consultar' },
      schema: {
        tags,
        summary: 'Libres por día de un componente (≤ 366 días) y las reservas que los ocupan',
        params: idParamsSchema,
        querystring: componenteDisponibilidadQuerySchema,
        response: {
          200: z.object({
            data: z.object({
              capacidad: z.number().int(),
              libresMin: z.number().int(),
              fechaLimitante: z.string(),
              dias: z.array(
                z.object({
                  fecha: z.string(),
                  reservado: z.number().int(),
                  libres: z.number().int(),
                }),
              ),
              reservas: z.array(ocupacionSchema.omit({ _id: true }).extend({ _id: z.string() })),
            }),
          }),
          404: errorSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const data = idValido(request.params.id)
        ? await reservas.disponibilidadComponente(
            request.params.id,
            request.query.desde,
            request.query.hasta,
          )
        : undefined;
      if (!data) throw notFound(M.componenteNoEncontrado);
      return { data };
    },
  );

  app.get(
    '/inventario/resumen',
    {
      config: { permission: 'inventario.consultar' },
      schema: {
        tags,
        summary:
          'Resumen para el panel de alquileres: máquinas por estado, piezas fuera, próximos 7 días',
        response: {
          200: z.object({
            data: z.object({
              maquinasPorEstado: z.record(z.string(), z.number().int()),
              piezasFuera: z.number().int(),
              mantenimientosProximos: z.array(
                z.object({
                  maquinaId: z.string(),
                  codigo: z.string(),
                  fecha: z.string(),
                  descripcion: z.string(),
                }),
              ),
              caducidadesProximas: z.array(
                z.object({
                  maquinaId: z.string(),
                  codigo: z.string(),
                  tipo: z.string(),
                  fecha: z.string(),
                }),
              ),
            }),
          }),
          ...errors,
        },
      },
    },
    async () => {
      const hoy = today();
      const hasta = sumarDias(hoy, 7);
      const estados = await rowsOf<{ estado: string; n: number }>(
        database.db,
        sql`select estado, count(*)::int as n from maquinas group by estado`,
      );
      const [fuera] = await rowsOf<{ n: number }>(
        database.db,
        sql`select coalesce(sum(alquilado), 0)::int as n from andamio_stock`,
      );
      const mantenimientosProximos = await rowsOf<{
        maquinaId: string;
        codigo: string;
        fecha: string;
        descripcion: string;
      }>(
        database.db,
        sql`select x.maquina_id::text as "maquinaId", m.codigo_interno as codigo, x.fecha_inicio::text as fecha, x.descripcion
            from maquina_mantenimientos x join maquinas m on m.id = x.maquina_id
            where x.estado = 'programado' and x.fecha_inicio between ${hoy} and ${hasta} order by x.fecha_inicio`,
      );
      const caducidadesProximas = await rowsOf<{
        maquinaId: string;
        codigo: string;
        tipo: string;
        fecha: string;
      }>(
        database.db,
        sql`select d.maquina_id::text as "maquinaId", m.codigo_interno as codigo, d.tipo, d.fecha_caducidad::text as fecha
            from maquina_documentos d join maquinas m on m.id = d.maquina_id
            where m.estado <> 'baja' and d.fecha_caducidad between ${hoy} and ${hasta} order by d.fecha_caducidad`,
      );
      return {
        data: {
          maquinasPorEstado: Object.fromEntries(estados.map((e) => [e.estado, e.n])),
          piezasFuera: fuera?.n ?? 0,
          mantenimientosProximos,
          caducidadesProximas,
        },
      };
    },
  );
};
