import { z } from '../zod-es.js';
import { direccionInputSchema, direccionSchema } from '../localizacion/direccion.js';
import { listQueryFields, parseSort } from '../lists/list-query.js';
import { fechaSchema } from '../fechas/fechas.js';
import { importeSchema } from '../money/decimal-schemas.js';
import { compareDecimals } from '../money/decimal.js';
import { textSchema } from '../text/text.js';
import { versionField } from '../versiones/index.js';
import {
  ACCIONES_OBRA,
  CATEGORIAS_DOCUMENTO_OBRA,
  ESTADOS_OBRA,
  MAX_DIAS_PLANIFICACION,
  ROLES_EQUIPO,
  TIPOS_TRABAJO,
} from './catalogos.js';
import {
  auditoriaVerticales,
  fechaOpcional,
  lineasSchema,
  listaCsv,
  opcional,
  textoOpcional,
} from './campos.js';
import { OBRAS_MESSAGES as M } from './mensajes.js';
import { OBRA_SORT_FIELDS, type ObraSortField } from './obras-listas.js';
import { diasEntre } from '../fechas/dias.js';

export { OBRA_SORT_FIELDS, type ObraSortField };

// §2.3 obra: create and update bodies, the record, the list query, the state and team bodies.

const importeObra = importeSchema('El importe', { mensajes: { formato: M.importe } }).refine(
  (value) => !/^\d+(\.\d+)?$/.test(value) || compareDecimals(value, '99999999.99') <= 0,
  { error: M.importe },
);

/**
 * The site's address must name its city and street (§2.3). Checked on the field itself, not on the
 * whole body, so a form sent with other mistakes shows these too (zod runs a body's refinement only
 * once every field has passed).
 */
const direccionObra = direccionInputSchema.superRefine((direccion, ctx) => {
  if (!direccion.ciudadId)
    ctx.addIssue({ code: 'custom', message: M.ciudadObra, path: ['ciudadId'] });
  if (!direccion.calleId) ctx.addIssue({ code: 'custom', message: M.calleObra, path: ['calleId'] });
});

const obraFields = {
  nombre: textSchema({ error: M.nombreObra }).trim().min(3, M.nombreObra).max(150, M.nombreObra),
  clienteId: textSchema({ error: M.clienteObra }).trim().min(1, M.clienteObra),
  direccion: direccionObra,
  descripcion: textoOpcional(4000, M.descripcion, true),
  tipoTrabajo: z.enum(TIPOS_TRABAJO, { error: M.tipoTrabajo }),
  fechaInicioPrevista: fechaOpcional,
  fechaFinPrevista: fechaOpcional,
  importePresupuesto: opcional(importeObra),
  progreso: z
    .number({ error: M.progreso })
    .int(M.progreso)
    .min(0, M.progreso)
    .max(100, M.progreso)
    .default(0),
  responsable: textoOpcional(100, M.textoCien),
  coordinadorSeguridad: textoOpcional(100, M.textoCien),
  comunicacionApertura: opcional(
    z.object({
      fecha: fechaSchema(),
      referencia: textoOpcional(60, M.referencia),
    }),
  ),
  observaciones: lineasSchema,
  // §2.3: the team, the estado and the code have their own ways in.
  equipo: z.undefined({ error: M.equipoEnCuerpo }).optional(),
  estado: z.undefined({ error: M.estadoEnCuerpo }).optional(),
  codigo: z.undefined({ error: M.codigoEnCuerpo }).optional(),
};

type ReglasObra = {
  fechaInicioPrevista?: string | undefined;
  fechaFinPrevista?: string | undefined;
};

const reglasObra = (value: ReglasObra, ctx: z.RefinementCtx) => {
  if (
    value.fechaInicioPrevista &&
    value.fechaFinPrevista &&
    value.fechaFinPrevista < value.fechaInicioPrevista
  )
    ctx.addIssue({ code: 'custom', message: M.finAntesDeInicio, path: ['fechaFinPrevista'] });
};

export const obraCreateSchema = z.object(obraFields).superRefine(reglasObra);
export const obraUpdateSchema = z
  .object({
    ...obraFields,
    // Set by the transitions (§3); editable afterwards within the same rules.
    fechaInicioReal: fechaOpcional,
    fechaFinReal: fechaOpcional,
    empresa: z.undefined({ error: M.empresaInmutable }).optional(),
    ...versionField,
  })
  .superRefine(reglasObra);
export type ObraCreate = z.output<typeof obraCreateSchema>;
export type ObraUpdate = z.output<typeof obraUpdateSchema>;
export type ObraInput = z.input<typeof obraCreateSchema>;

export const aptitudSchema = z.object({
  apto: z.boolean(),
  nivel: z.number().int().nullable(),
  motivos: z.array(z.string()),
  vence: z.string().nullable(),
  estado: z.enum(['apto', 'vence_pronto', 'no_apto']),
});
export type AptitudRecord = z.output<typeof aptitudSchema>;

export const miembroEquipoSchema = z.object({
  operarioId: z.string(),
  rol: z.enum(ROLES_EQUIPO),
  nombre: z.string(),
  documento: z.string(),
  certificacion: z.string().nullable(),
  aptitud: aptitudSchema,
});
export type MiembroEquipo = z.output<typeof miembroEquipoSchema>;

export const obraSchema = z.object({
  ...auditoriaVerticales,
  codigo: z.string(),
  nombre: z.string(),
  clienteId: z.string(),
  cliente: z.object({ _id: z.string(), nombre: z.string(), documento: z.string().nullable() }),
  direccion: direccionSchema,
  descripcion: z.string().nullable(),
  tipoTrabajo: z.enum(TIPOS_TRABAJO),
  fechaInicioPrevista: z.string().nullable(),
  fechaFinPrevista: z.string().nullable(),
  fechaInicioReal: z.string().nullable(),
  fechaFinReal: z.string().nullable(),
  estado: z.enum(ESTADOS_OBRA),
  motivoEstado: z.string().nullable(),
  importePresupuesto: z.string().nullable(),
  progreso: z.number().int(),
  responsable: z.string().nullable(),
  coordinadorSeguridad: z.string().nullable(),
  comunicacionApertura: z
    .object({ fecha: z.string(), referencia: z.string().nullable() })
    .nullable(),
  observaciones: z.array(z.string()),
  equipo: z.array(miembroEquipoSchema),
  horasTotales: z.string(),
  partesTrabajo: z.number().int(),
  partesBorrador: z.number().int(),
  documentosSeguridad: z.boolean(),
  aptitud: z.object({ cumple: z.boolean(), errores: z.array(z.string()) }),
  alertas: z.array(z.string()),
});
export type Obra = z.output<typeof obraSchema>;

/**
 * The list row (flota-obras.md §6's table and cards): what they draw, the team's size and the
 * alerts, the street and city. The address's other levels, the members, the partes' counts and the safety documents stay in the
 * record (`GET /api/obras/{id}`), which the detail reads; a page of records cost the database a
 * dozen reads per row (flota-obras.md §10).
 */
export const obraResumenSchema = obraSchema
  .pick({
    _id: true,
    version: true,
    updatedAt: true,
    codigo: true,
    nombre: true,
    clienteId: true,
    cliente: true,
    tipoTrabajo: true,
    fechaInicioPrevista: true,
    fechaFinPrevista: true,
    fechaInicioReal: true,
    fechaFinReal: true,
    estado: true,
    progreso: true,
    alertas: true,
  })
  .extend({
    direccion: direccionSchema.pick({ calle: true, altura: true, ciudad: true }),
    miembros: z.number().int(),
  });
export type ObraResumen = z.output<typeof obraResumenSchema>;

const periodo = <T extends { desde?: string | undefined; hasta?: string | undefined }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.desde && value.hasta && value.hasta < value.desde)
    ctx.addIssue({ code: 'custom', message: M.hastaAntesDeDesde, path: ['hasta'] });
};

const obraFiltros = {
  ...listQueryFields({ sortFields: OBRA_SORT_FIELDS, defaultLimit: 20, maxLimit: 100 }),
  estado: listaCsv(ESTADOS_OBRA),
  tipoTrabajo: listaCsv(TIPOS_TRABAJO),
  clienteId: opcional(textSchema().trim().max(40)),
  desde: fechaOpcional,
  hasta: fechaOpcional,
};
export const obraListQuerySchema = z.object(obraFiltros).superRefine(periodo);
export const obraExportQuerySchema = z
  .object(obraFiltros)
  .omit({ page: true, limit: true })
  .superRefine(periodo);
export type ObraListQuery = z.output<typeof obraListQuerySchema>;

export const parseObraSort = (sort: string | undefined) =>
  parseSort(sort, OBRA_SORT_FIELDS, { field: 'fechaInicioPrevista', direction: 'desc' });

/** POST /api/obras/{id}/estado (§3). */
export const obraEstadoSchema = z.object({
  accion: z.enum(ACCIONES_OBRA, { error: M.accion }),
  fecha: fechaOpcional,
  motivo: textoOpcional(200, M.motivo),
  ...versionField,
});
export type ObraEstadoInput = z.output<typeof obraEstadoSchema>;

/** PUT /api/obras/{id}/equipo (§2.3, §4.8). */
export const obraEquipoSchema = z.object({
  miembros: z
    .array(
      z.object({
        operarioId: textSchema({ error: M.operarioActivo }).trim().min(1, M.operarioActivo),
        rol: z.enum(ROLES_EQUIPO, { error: M.rolEquipo }),
      }),
    )
    .max(50),
  ...versionField,
});
export type ObraEquipoInput = z.output<typeof obraEquipoSchema>;

/** A work document's metadata, sent as multipart fields before the file. */
export const documentoObraCamposSchema = z.object({
  categoria: z.enum(CATEGORIAS_DOCUMENTO_OBRA, { error: M.categoriaDocumento }),
  fechaDocumento: fechaOpcional,
  vencimiento: fechaOpcional,
});

export const documentoObraSchema = z.object({
  _id: z.string(),
  categoria: z.enum(CATEGORIAS_DOCUMENTO_OBRA),
  fechaDocumento: z.string().nullable(),
  vencimiento: z.string().nullable(),
  nombre: z.string(),
  mime: z.string(),
  tamano: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type DocumentoObra = z.output<typeof documentoObraSchema>;

/** GET /api/obras/planificacion: at most 42 days. */
export const planificacionQuerySchema = z
  .object({ desde: fechaSchema(), hasta: fechaSchema() })
  .superRefine((value, ctx) => {
    periodo(value, ctx);
    if (
      value.hasta >= value.desde &&
      diasEntre(value.desde, value.hasta) + 1 > MAX_DIAS_PLANIFICACION
    )
      ctx.addIssue({ code: 'custom', message: M.planificacionLarga, path: ['hasta'] });
  });

/**
 * The planning grid (§11): per active operario only the days with hours or planned works, in date
 * order; every other day of [desde, hasta] is free, and the screen draws it empty (§10: sending the
 * free cells too made most of a six-week grid's 180–240 KB and of the API's work).
 */
export const planificacionSchema = z.object({
  desde: z.string(),
  hasta: z.string(),
  operarios: z.array(
    z.object({
      _id: z.string(),
      nombre: z.string(),
      dias: z.array(
        z.object({
          fecha: z.string(),
          obras: z.array(z.string()).min(1),
          horas: z.string(),
          apto: z.boolean(),
          estado: z.enum(['ok', 'solape', 'exceso']),
        }),
      ),
    }),
  ),
});
export type Planificacion = z.output<typeof planificacionSchema>;
