import type { Executor } from '../../db/executor.js';
import { facturacionDeOrigenes } from '../finanzas/index.js';
import { lineasDeAlquiler } from './comercial.repository.js';

/**
 * A rental's lines, each with `facturadoHasta`: the last day an active invoice bills it
 * (finanzas' facturacion_origenes_v; a draft counts, since it reserves its periods). R20 locks
 * such a line's prices and dates and the rental's billing mode; §2.7 refuses to annul an albarán
 * dated on or before it.
 */
export const lineasConFacturado = async (tx: Executor, alquilerId: string) => {
  const filas = await lineasDeAlquiler(tx, alquilerId);
  const origenes =
    (await facturacionDeOrigenes(tx, { origenTipo: 'alquiler', origenIds: [alquilerId] })).get(
      alquilerId,
    ) ?? [];
  const hasta = new Map<string, string>();
  for (const o of origenes) {
    if (!o.origenLineaId || !o.hasta) continue;
    const actual = hasta.get(o.origenLineaId);
    if (!actual || o.hasta > actual) hasta.set(o.origenLineaId, o.hasta);
  }
  return filas.map((f) => ({ ...f, facturadoHasta: hasta.get(f.id) ?? f.facturadoHasta }));
};
