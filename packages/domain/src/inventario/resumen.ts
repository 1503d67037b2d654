import { z } from '../zod-es.js';
import { formatFecha } from '../format/es-es.js';
import {
  TIPO_DOCUMENTO_MAQUINA_LABELS,
  TIPOS_DOCUMENTO_MAQUINA,
  ESTADOS_MAQUINA,
} from './catalogos.js';

// GET /api/inventario/resumen (§6.4): the alquileres dashboard's feed (SPEC 2.9) — machines per
// estado, pieces out on rentals, and the next 7 days of maintenance starts and document expiries.

export const inventarioResumenSchema = z.object({
  maquinasPorEstado: z.partialRecord(z.enum(ESTADOS_MAQUINA), z.number().int()),
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
      tipo: z.enum(TIPOS_DOCUMENTO_MAQUINA),
      fecha: z.string(),
    }),
  ),
});
export type InventarioResumen = z.infer<typeof inventarioResumenSchema>;

/** "Tarjeta ITV / informe de inspección de MTL-001 caduca el 12/12/2026". */
export const textoCaducidad = ({
  codigo,
  tipo,
  fecha,
}: InventarioResumen['caducidadesProximas'][number]): string =>
  `${TIPO_DOCUMENTO_MAQUINA_LABELS[tipo]} de ${codigo} caduca el ${formatFecha(fecha)}`;
