import { z } from '../zod-es.js';
import { checkSpanishDocument } from '../documento/spanish-id.js';
import { fechaSchema, sumarMeses } from '../fechas/fechas.js';
import { listQueryFields, parseSort } from '../lists/list-query.js';
import { compareDecimals } from '../money/decimal.js';
import { textSchema } from '../text/text.js';
import { versionField } from '../versiones/index.js';
import { ESQUEMAS_CERTIFICACION, RESULTADOS_RECONOCIMIENTO } from './catalogos.js';
import {
  auditoriaVerticales,
  fechaOpcional,
  lineasSchema,
  opcional,
  textoOpcional,
} from './campos.js';
import { OBRAS_MESSAGES as M } from './mensajes.js';
import { aptitudSchema } from './obra-schemas.js';
import { OPERARIO_SORT_FIELDS } from './obras-listas.js';

export { OPERARIO_SORT_FIELDS };

// §2.4 operario: rope-access certifications, PRL training, medical check and TPC.

const certificacionSchema = z
  .object({
    esquema: z.enum(ESQUEMAS_CERTIFICACION, { error: M.esquema }),
    nivel: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: M.nivel }),
    numero: textoOpcional(40, M.numeroCertificacion),
    fechaEmision: fechaSchema(),
    fechaVencimiento: fechaSchema(),
  })
  .superRefine((value, ctx) => {
    if (value.fechaVencimiento < value.fechaEmision)
      ctx.addIssue({
        code: 'custom',
        message: M.vencimientoAntesDeEmision,
        path: ['fechaVencimiento'],
      });
  });

/** "20.0"; "20" accepted. numeric(4,1) between 0.5 and 500. */
const horasCursoSchema = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z
    .string({ error: M.horasCurso })
    .trim()
    .regex(/^\d{1,3}(\.\d)?$/, M.horasCurso)
    .refine(
      (value) =>
        !/^\d+(\.\d)?$/.test(value) ||
        (compareDecimals(value, '0.5') >= 0 && compareDecimals(value, 500) <= 0),
      { error: M.horasCurso },
    ),
);

const formacionSchema = z
  .object({
    curso: textSchema({ error: M.curso }).trim().min(1, M.curso).max(150, M.curso),
    horas: horasCursoSchema,
    fecha: fechaSchema(),
    vencimiento: fechaOpcional,
  })
  .superRefine((value, ctx) => {
    if (value.vencimiento && value.vencimiento < value.fecha)
      ctx.addIssue({ code: 'custom', message: M.vencimientoAntesDeEmision, path: ['vencimiento'] });
  });

/** vencimiento defaults to fecha + 1 año (§2.4). */
const reconocimientoSchema = z
  .object({
    fecha: fechaSchema(),
    resultado: z.enum(RESULTADOS_RECONOCIMIENTO, { error: M.resultado }),
    vencimiento: fechaOpcional,
  })
  .transform((value) => ({
    ...value,
    vencimiento: value.vencimiento ?? sumarMeses(value.fecha, 12),
  }));

const operarioFields = {
  nombre: textSchema({ error: M.nombre }).trim().min(2, M.nombre).max(100, M.nombre),
  apellidos: textSchema({ error: M.apellidos }).trim().min(2, M.apellidos).max(150, M.apellidos),
  documento: textSchema({ error: M.documentoOperario })
    .trim()
    .toUpperCase()
    .transform((value) => value.replace(/[\s.-]/g, ''))
    .refine((value) => checkSpanishDocument(value) === 'valid', { error: M.documentoOperario }),
  telefono: opcional(
    textSchema()
      .trim()
      .max(30, M.telefono)
      .regex(/^[+\d\s()-]+$/, M.telefono),
  ),
  correo: opcional(textSchema().trim().toLowerCase().email(M.correo).max(254, M.correo)),
  activo: z.boolean().default(true),
  observaciones: lineasSchema,
  certificaciones: z.array(certificacionSchema).max(20).default([]),
  formacionesPrl: z.array(formacionSchema).max(50).default([]),
  reconocimientoMedico: opcional(reconocimientoSchema),
  tpc: opcional(
    z.object({ numero: textSchema().trim().min(1).max(40), vencimiento: fechaSchema() }),
  ),
};

export const operarioCreateSchema = z.object(operarioFields);
export const operarioUpdateSchema = z.object({
  ...operarioFields,
  empresa: z.undefined({ error: M.empresaInmutable }).optional(),
  ...versionField,
});
export type OperarioCreate = z.output<typeof operarioCreateSchema>;
export type OperarioInput = z.input<typeof operarioCreateSchema>;

export const operarioSchema = z.object({
  ...auditoriaVerticales,
  nombre: z.string(),
  apellidos: z.string(),
  nombreCompleto: z.string(),
  documento: z.string(),
  telefono: z.string().nullable(),
  correo: z.string().nullable(),
  activo: z.boolean(),
  observaciones: z.array(z.string()),
  certificaciones: z.array(
    z.object({
      esquema: z.enum(ESQUEMAS_CERTIFICACION),
      nivel: z.number().int(),
      numero: z.string().nullable(),
      fechaEmision: z.string(),
      fechaVencimiento: z.string(),
    }),
  ),
  formacionesPrl: z.array(
    z.object({
      curso: z.string(),
      horas: z.string(),
      fecha: z.string(),
      vencimiento: z.string().nullable(),
    }),
  ),
  reconocimientoMedico: z
    .object({
      fecha: z.string(),
      resultado: z.enum(RESULTADOS_RECONOCIMIENTO),
      vencimiento: z.string(),
    })
    .nullable(),
  tpc: z.object({ numero: z.string(), vencimiento: z.string() }).nullable(),
  aptitud: aptitudSchema,
  obrasEnCurso: z.number().int(),
});
export type Operario = z.output<typeof operarioSchema>;

export const operarioListQuerySchema = z.object({
  ...listQueryFields({ sortFields: OPERARIO_SORT_FIELDS, defaultLimit: 20, maxLimit: 100 }),
  activo: z
    .preprocess((value) => (value === '' ? undefined : value), z.enum(['true', 'false']).optional())
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  aptoEn: fechaOpcional,
});
export type OperarioListQuery = z.output<typeof operarioListQuerySchema>;
export const parseOperarioSort = (sort: string | undefined) =>
  parseSort(sort, OPERARIO_SORT_FIELDS, { field: 'nombre', direction: 'asc' });
