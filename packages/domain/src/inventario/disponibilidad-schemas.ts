import { z } from '../zod-es.js';
import { fechaSchema } from '../fechas/fechas.js';
import { comprobarRango } from './maquinas.js';
import { opcional } from './campos.js';

// §6.4 POST /api/inventario/disponibilidad: each line its own dates; it informs, never 409. The
// answer's schema is here too, for the API's response and the forms' availability badges.

export const lineaDisponibilidadSchema = z
  .object({
    maquinaId: opcional(z.string().uuid('Identificador de máquina inválido.')),
    componenteId: opcional(z.string().uuid('Identificador de componente inválido.')),
    cantidad: z.number().int().positive('La cantidad es un número entero mayor que 0').default(1),
    desde: fechaSchema(),
    hasta: fechaSchema(),
  })
  .superRefine((linea, ctx) => {
    if ((linea.maquinaId === undefined) === (linea.componenteId === undefined))
      ctx.addIssue({
        code: 'custom',
        message: 'Indica una máquina o un componente',
        path: ['maquinaId'],
      });
    if (linea.maquinaId !== undefined && linea.cantidad !== 1)
      ctx.addIssue({
        code: 'custom',
        message: 'Una máquina se reserva de una en una',
        path: ['cantidad'],
      });
    comprobarRango(linea.desde, linea.hasta, ctx, 'hasta');
  });

export const disponibilidadBodySchema = z.object({
  excluirOrigenId: opcional(z.string().max(60)),
  lineas: z
    .array(lineaDisponibilidadSchema)
    .min(1, 'Indica al menos una línea')
    .max(200, 'Como máximo 200 líneas'),
});
export type DisponibilidadBody = z.output<typeof disponibilidadBodySchema>;

export const conflictoRespuestaSchema = z.object({
  tipo: z.enum(['alquiler', 'mantenimiento', 'preparacion', 'baja', 'vencido']),
  numero: z.string(),
  etiqueta: z.string(),
  desde: z.string(),
  hasta: z.string().nullable(),
});

export const lineaDisponibilidadRespuestaSchema = z.object({
  indice: z.number().int(),
  codigo: z.string(),
  solicitadas: z.number().int(),
  libresMin: z.number().int(),
  fechaLimitante: z.string(),
  ok: z.boolean(),
  mensaje: z.string().nullable(),
  conflictos: z.array(conflictoRespuestaSchema),
  avisos: z.array(z.object({ codigo: z.string(), nivel: z.string(), mensaje: z.string() })),
});
export const disponibilidadRespuestaSchema = z.object({
  ok: z.boolean(),
  pesoTotalKg: z.string(),
  lineas: z.array(lineaDisponibilidadRespuestaSchema),
});
export type DisponibilidadRespuesta = z.output<typeof disponibilidadRespuestaSchema>;

export const componenteDisponibilidadQuerySchema = z
  .object({ desde: fechaSchema(), hasta: fechaSchema() })
  .superRefine((query, ctx) => comprobarRango(query.desde, query.hasta, ctx, 'hasta'));
