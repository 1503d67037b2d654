import { z } from '../zod-es.js';
import { fechaSchema } from '../fechas/fechas.js';
import { listQueryFields } from '../lists/list-query.js';
import { textSchema } from '../text/text.js';
import { versionField } from '../versiones/index.js';
import { ESTADOS_PARTE_TRABAJO, TIPOS_INCIDENCIA } from './catalogos.js';
import { opcional, textoOpcional } from './campos.js';
import { OBRAS_MESSAGES as M } from './mensajes.js';

// §2.5 parte de trabajo (never a bare `parte`: that word means parties).

/** "7.50"; 0.25–12 in steps of 0.25 (numeric(5,2)). Numbers accepted as their text. */
export const horasParteSchema = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z
    .string({ error: M.horasParte })
    .trim()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, M.horasParte)
    .refine(
      (value) => {
        const centesimas = Math.round(Number(value) * 100);
        return centesimas >= 25 && centesimas <= 1200 && centesimas % 25 === 0;
      },
      { error: M.horasParte },
    )
    .transform((value) => Number(value).toFixed(2)),
);

const parteTrabajoFields = {
  fecha: fechaSchema(),
  trabajoEnCuerda: z.boolean().default(true),
  operarios: z
    .array(
      z.object({
        operarioId: textSchema({ error: M.operarioActivo }).trim().min(1, M.operarioActivo),
        horas: horasParteSchema,
      }),
      { error: M.operariosParte },
    )
    .min(1, M.operariosParte)
    .max(50),
  tareas: textSchema({ multiline: true, error: M.tareas })
    .trim()
    .min(1, M.tareas)
    .max(4000, M.tareas),
  incidencias: z
    .array(
      z.object({
        tipo: z.enum(TIPOS_INCIDENCIA, { error: M.tipoIncidencia }),
        descripcion: textSchema({ multiline: true, error: M.incidencia })
          .trim()
          .min(1, M.incidencia)
          .max(1000, M.incidencia),
      }),
    )
    .max(50)
    .default([]),
  meteorologia: opcional(
    z.object({
      vientoKmh: opcional(
        z.number({ error: M.viento }).int(M.viento).min(0, M.viento).max(200, M.viento),
      ),
      lluvia: z.boolean().default(false),
    }),
  ),
  avance: opcional(z.number({ error: M.avance }).int(M.avance).min(0, M.avance).max(100, M.avance)),
  observaciones: textoOpcional(
    2000,
    'Las observaciones no pueden superar los 2.000 caracteres',
    true,
  ),
};

export const parteTrabajoCreateSchema = z.object(parteTrabajoFields);
export const parteTrabajoUpdateSchema = z.object({ ...parteTrabajoFields, ...versionField });
export type ParteTrabajoCreate = z.output<typeof parteTrabajoCreateSchema>;
export type ParteTrabajoInput = z.input<typeof parteTrabajoCreateSchema>;

export const parteTrabajoAccionSchema = z.object({ ...versionField });
/** A lone UTF-16 surrogate: text no database stores as JSON. */
const SUSTITUTO_SUELTO = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const parteTrabajoReabrirSchema = z.object({
  // The reason goes to Historial (JSON) as sent, without a round trip through a text column.
  motivo: textSchema({ error: M.motivo })
    .trim()
    .min(1, M.motivo)
    .max(200, M.motivo)
    .refine((value) => !SUSTITUTO_SUELTO.test(value), { error: M.motivo }),
  ...versionField,
});

export const fotoParteSchema = z.object({
  _id: z.string(),
  nombre: z.string(),
  mime: z.string(),
  tamano: z.number().int(),
  url: z.string(),
  miniatura: z.string(),
  createdAt: z.string(),
});
export type FotoParte = z.output<typeof fotoParteSchema>;

export const parteTrabajoSchema = z.object({
  _id: z.string(),
  obraId: z.string(),
  numero: z.string().nullable(),
  fecha: z.string(),
  estado: z.enum(ESTADOS_PARTE_TRABAJO),
  trabajoEnCuerda: z.boolean(),
  operarios: z.array(z.object({ operarioId: z.string(), nombre: z.string(), horas: z.string() })),
  horasTotales: z.string(),
  tareas: z.string(),
  incidencias: z.array(z.object({ tipo: z.enum(TIPOS_INCIDENCIA), descripcion: z.string() })),
  meteorologia: z
    .object({ vientoKmh: z.number().int().nullable(), lluvia: z.boolean() })
    .nullable(),
  avance: z.number().int().nullable(),
  observaciones: z.string().nullable(),
  fotos: z.number().int(),
  cerradoPor: z.string().nullable(),
  cerradoAt: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type ParteTrabajo = z.output<typeof parteTrabajoSchema>;

export const parteTrabajoListQuerySchema = z.object(
  listQueryFields({ sortFields: ['fecha'] as const, defaultLimit: 20, maxLimit: 100 }),
);
