import type { OrigenFacturado, OrigenTipo } from '@tvsistema/domain/finanzas';
import type { Executor } from '../../db/executor.js';
import { leerFacturacionOrigenes } from './facturas.repository.js';

/**
 * What is invoiced of some origins (finanzas.md §2: the rows of `facturacion_origenes_v`), by
 * origenId, for comercial ("Facturado en …", the billed periods) and logística (an albarán's
 * "Facturado"): every active reservation, drafts included (a draft reserves its origins).
 */
export const facturacionDeOrigenes = async (
  tx: Executor,
  { origenTipo, origenIds }: { origenTipo: OrigenTipo; origenIds: readonly string[] },
): Promise<Map<string, OrigenFacturado[]>> => {
  const filas = await leerFacturacionOrigenes(tx, origenTipo, origenIds);
  const mapa = new Map<string, OrigenFacturado[]>(origenIds.map((id) => [id, []]));
  for (const fila of filas) mapa.get(fila.origenId)?.push(fila);
  return mapa;
};
