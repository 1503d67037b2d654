import { z } from 'zod';
import {
  componenteDisponibilidadQuerySchema,
  conceptoOpcionesQuerySchema,
  conceptoSchema,
  disponibilidadBodySchema,
  disponibilidadRespuestaSchema,
  INVENTARIO_MESSAGES as M,
  libresMinimos,
  inventarioResumenSchema,
  maquinaOpcionesQuerySchema,
  CATEGORIAS_COMPONENTE,
  TIPOS_MAQUINA,
} from '@tvsistema/domain/inventario';
import { fechaSchema, sumarDias } from '@tvsistema/domain/fechas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParamsSchema } from '../../http/schemas.js';
import { notFound } from '../../http/errors.js';
import type { ModuleContext } from '../../module.js';
import { opcionesConceptos } from './conceptos.repository.js';
import { idValido } from './inventario-comun.js';
import { resumenInventario } from './documentos.repository.js';
import { opcionesComponentes } from './andamios.repository.js';
import { bloqueosParaContarEntre } from './bloqueos.repository.js';
import {
  listMaquinas,
  opcionesMaquinas,
  type OpcionMaquinaGuardada,
} from './maquinas.repository.js';
import { createReservasService, ocupacionSchema } from './reservas.service.js';

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

type LineaDisponibilidad = Awaited<
  ReturnType<ReturnType<typeof createReservasService>['disponibilidad']>
>['lineas'][number];

/** A picker's machine: its fields, and whether it is free on the dates (null without dates). */
const opcion = (
  m: OpcionMaquinaGuardada,
  linea: LineaDisponibilidad | undefined,
  avisos: z.infer<typeof opcionMaquina>['avisos'],
): z.infer<typeof opcionMaquina> => ({
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
  avisos: linea ? linea.avisos : avisos,
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
      if (desde && hasta) {
        // With dates each machine's avisos are its availability answer's: the list's records are
        // not read (§10).
        const maquinas = await opcionesMaquinas(
          database.db,
          { searchTerm: q, tipo },
          limit,
          today(),
        );
        const disponibilidad =
          maquinas.length > 0
            ? await reservas.disponibilidad(
                maquinas.map((m) => ({
                  lineaId: m._id,
                  maquinaId: m._id,
                  cantidad: 1,
                  desde,
                  hasta,
                })),
                excluirOrigenId,
              )
            : undefined;
        return {
          data: maquinas.map((m, i) => opcion(m, disponibilidad?.lineas[i], [])),
        };
      }
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
      return { data: data.map((m) => opcion(m, undefined, m.avisos)) };
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
      const hoy = today();
      // The page as a picker shows it, then R5's least free count over the dates from the ledger
      // (what comprobarDisponibilidad answers for one line of each, without its other reads).
      const data = await opcionesComponentes(database.db, { q, categoria, limit });
      const bloqueos =
        desde && hasta && data.length > 0
          ? await bloqueosParaContarEntre(database.db, {
              clase: 'componente',
              ids: data.map((c) => c._id),
              desde,
              hasta,
              hoy,
              excluirOrigenId,
            })
          : undefined;
      return {
        data: data.map((c) => {
          const libres =
            bloqueos && desde && hasta
              ? libresMinimos({
                  capacidad: c.capacidad,
                  desde,
                  hasta,
                  hoy,
                  bloqueos: bloqueos.get(c._id) ?? [],
                })
              : undefined;
          return {
            ...c,
            libresMin: libres?.libresMin ?? null,
            fechaLimitante: libres?.fechaLimitante ?? null,
          };
        }),
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
      return { data: await opcionesConceptos(database.db, request.query) };
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
          200: z.object({ data: inventarioResumenSchema }),
          ...errors,
        },
      },
    },
    async () => {
      const hoy = today();
      return { data: await resumenInventario(database.db, hoy, sumarDias(hoy, 7)) };
    },
  );
};
