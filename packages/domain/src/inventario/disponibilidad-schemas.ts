import { z } from 'zod';
import { fechaSchema } from '../fechas/fechas.js';
import { comprobarRango } from './maquinas.js';
import { opcional } from './campos.js';

// §6.4 POST /api/inventario/disponibilidad: each line its own dates; it informs, never 409.

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

export const componenteDisponibilidadQuerySchema = z
  .object({ desde: fechaSchema(), hasta: fechaSchema() })
  .superRefine((query, ctx) => comprobarRango(query.desde, query.hasta, ctx, 'hasta'));
