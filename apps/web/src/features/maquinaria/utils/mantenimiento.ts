import { z } from 'zod';
import {
  fechaSchema,
  INVENTARIO_MESSAGES as M,
  TIPOS_MANTENIMIENTO,
  type EstadoMantenimiento,
  type TipoMantenimiento,
} from '@tvsistema/domain';

// inventario.md §2.4 maintenance. The domain has no schema for it yet (the lead's API is being
// built): these are the feature's own, from the design, until the domain exports them.

export type Mantenimiento = {
  _id: string;
  version: number;
  tipo: TipoMantenimiento;
  descripcion: string;
  fechaInicio: string;
  fechaFinPrevista: string | null;
  urgente: boolean;
  estado: EstadoMantenimiento;
  tallerId?: string | null;
  taller?: { _id: string; nombre: string } | null;
  revisionId?: string | null;
  fechaFinReal: string | null;
  horometro: string | null;
  coste: string | null;
  resultado: string | null;
};

const descripcion = z
  .string()
  .trim()
  .min(3, 'La descripción tiene de 3 a 500 caracteres')
  .max(500, 'La descripción tiene de 3 a 500 caracteres');
const opcionalTexto = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().optional(),
);

/** POST …/mantenimientos: "Enviar a taller" (urgente, starts hoy) or "Programar". */
export const mantenimientoCreateSchema = z
  .object({
    tipo: z.enum(TIPOS_MANTENIMIENTO, { error: 'Elige el tipo de mantenimiento' }),
    descripcion,
    urgente: z.boolean(),
    fechaInicio: fechaSchema(),
    fechaFinPrevista: z.preprocess(
      (value) => (value === '' ? undefined : value),
      fechaSchema().optional(),
    ),
    tallerId: opcionalTexto,
    revisionId: opcionalTexto,
  })
  .superRefine((value, ctx) => {
    if (!value.urgente && value.fechaFinPrevista === undefined)
      ctx.addIssue({
        code: 'custom',
        message: 'Indica la fecha de fin prevista',
        path: ['fechaFinPrevista'],
      });
    if (value.fechaFinPrevista !== undefined && value.fechaFinPrevista < value.fechaInicio)
      ctx.addIssue({ code: 'custom', message: M.rangoInvertido, path: ['fechaFinPrevista'] });
  });

const importe = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, M.importe);

/** POST …/mantenimientos/{mid}/finalizar. */
export const finalizarSchema = z.object({
  fechaFinReal: fechaSchema(),
  horometro: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^\d{1,9}(\.\d)?$/, M.horometro)
      .optional(),
  ),
  coste: z.preprocess((value) => (value === '' ? undefined : value), importe.optional()),
  resultado: z
    .string()
    .trim()
    .min(3, 'Describe el resultado (de 3 a 1.000 caracteres)')
    .max(1000, 'Describe el resultado (de 3 a 1.000 caracteres)'),
  version: z.number().int(),
});
