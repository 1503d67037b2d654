import { z } from '../zod-es.js';
import { fechaSchema } from '../fechas/fechas.js';
import { textSchema } from '../text/text.js';
import { versionField } from '../versiones/index.js';
import {
  ESTADO_MANTENIMIENTO_LABELS,
  TIPOS_DOCUMENTO_MAQUINA,
  TIPOS_MANTENIMIENTO,
  DOCUMENTOS_CON_CADUCIDAD,
  type EstadoMantenimiento,
} from './catalogos.js';
import { fechaOpcional, importeInventarioSchema, opcional } from './campos.js';
import { horometroSchema } from './maquinas.js';

// §2.4 maintenances and §2.5 machine documents.

export const MANTENIMIENTO_MESSAGES = {
  descripcion: 'Describe el trabajo (de 3 a 500 caracteres)',
  finPrevista: 'Indica la fecha prevista de fin (no anterior al inicio)',
  resultado: 'Indica el resultado (de 3 a 1.000 caracteres)',
  finReal: 'La fecha de fin debe estar entre el inicio y hoy',
  inicioPasado: 'Un mantenimiento programado empieza hoy o más adelante',
  noProgramado: 'Solo se puede cambiar un mantenimiento programado',
  noEnCurso: 'El mantenimiento no está en curso',
  inicioFuturo: 'El mantenimiento empieza más adelante',
  noEncontrado: 'Mantenimiento no encontrado',
  documentoNoEncontrado: 'Documento no encontrado',
  descripcionOtro: 'Describe el documento (hasta 200 caracteres)',
  caducidadRequerida: 'Indica la fecha de caducidad',
} as const;
const MM = MANTENIMIENTO_MESSAGES;

const mantenimientoFields = {
  tipo: z.enum(TIPOS_MANTENIMIENTO, { error: 'Elige el tipo de mantenimiento' }),
  descripcion: textSchema({ error: MM.descripcion, multiline: true })
    .trim()
    .min(3, MM.descripcion)
    .max(500, MM.descripcion),
  fechaInicio: fechaOpcional,
  fechaFinPrevista: fechaOpcional,
  /** "Enviar a taller": starts hoy, with no planned end. */
  urgente: z.boolean().default(false),
  tallerId: opcional(z.string().uuid('Elige un taller de la lista')),
  revisionId: opcional(z.string().uuid('Elige una revisión del plan')),
};

type Fechas = {
  urgente: boolean;
  fechaInicio?: string | undefined;
  fechaFinPrevista?: string | undefined;
};
const reglasFechas = (value: Fechas, ctx: z.RefinementCtx) => {
  if (value.urgente) return;
  if (value.fechaInicio === undefined)
    ctx.addIssue({ code: 'custom', message: 'Indica la fecha de inicio', path: ['fechaInicio'] });
  if (
    value.fechaFinPrevista === undefined ||
    (value.fechaInicio !== undefined && value.fechaFinPrevista < value.fechaInicio)
  )
    ctx.addIssue({ code: 'custom', message: MM.finPrevista, path: ['fechaFinPrevista'] });
};

export const mantenimientoCreateSchema = z.object(mantenimientoFields).superRefine(reglasFechas);
export const mantenimientoUpdateSchema = z
  .object({ ...mantenimientoFields, ...versionField })
  .superRefine(reglasFechas);
export type MantenimientoCreate = z.output<typeof mantenimientoCreateSchema>;

export const finalizarMantenimientoSchema = z.object({
  fechaFinReal: fechaSchema(),
  horometro: opcional(horometroSchema),
  coste: opcional(importeInventarioSchema),
  resultado: textSchema({ error: MM.resultado, multiline: true })
    .trim()
    .min(3, MM.resultado)
    .max(1000, MM.resultado),
  ...versionField,
});
export type FinalizarMantenimiento = z.output<typeof finalizarMantenimientoSchema>;

export const accionMantenimientoSchema = z.object({ ...versionField });

export const mantenimientoSchema = z.object({
  _id: z.string(),
  maquinaId: z.string(),
  tipo: z.enum(TIPOS_MANTENIMIENTO),
  descripcion: z.string(),
  fechaInicio: z.string(),
  fechaFinPrevista: z.string().nullable(),
  urgente: z.boolean(),
  estado: z.enum(
    Object.keys(ESTADO_MANTENIMIENTO_LABELS) as [EstadoMantenimiento, ...EstadoMantenimiento[]],
  ),
  taller: z.object({ _id: z.string(), nombre: z.string() }).nullable(),
  revisionId: z.string().nullable(),
  fechaFinReal: z.string().nullable(),
  horometro: z.string().nullable(),
  coste: z.string().nullable(),
  resultado: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type Mantenimiento = z.output<typeof mantenimientoSchema>;

/** The multipart fields of POST …/documentos (the file travels as `archivo`). */
export const documentoCamposSchema = z
  .object({
    tipo: z.enum(TIPOS_DOCUMENTO_MAQUINA, { error: 'Elige el tipo de documento' }),
    descripcion: opcional(textSchema().trim().max(200, MM.descripcionOtro)),
    fechaEmision: fechaOpcional,
    fechaCaducidad: fechaOpcional,
  })
  .superRefine((value, ctx) => {
    if (value.tipo === 'otro' && value.descripcion === undefined)
      ctx.addIssue({ code: 'custom', message: MM.descripcionOtro, path: ['descripcion'] });
    if (DOCUMENTOS_CON_CADUCIDAD.includes(value.tipo) && value.fechaCaducidad === undefined)
      ctx.addIssue({ code: 'custom', message: MM.caducidadRequerida, path: ['fechaCaducidad'] });
  });
export type DocumentoCampos = z.output<typeof documentoCamposSchema>;

export const documentoMaquinaSchema = z.object({
  _id: z.string(),
  tipo: z.enum(TIPOS_DOCUMENTO_MAQUINA),
  descripcion: z.string().nullable(),
  fechaEmision: z.string().nullable(),
  fechaCaducidad: z.string().nullable(),
  archivo: z
    .object({ _id: z.string(), nombre: z.string(), mime: z.string(), tamano: z.number().int() })
    .nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type DocumentoMaquina = z.output<typeof documentoMaquinaSchema>;
