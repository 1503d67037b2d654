import type { OrigenFacturado, OrigenTipo } from '@tvsistema/domain/finanzas';
import type { Executor } from '../../db/executor.js';

/**
 * What is invoiced of some origins (finanzas.md §2: the rows of `facturacion_origenes_v`), by
 * origenId, for comercial ("Facturado en …", the billed periods) and logística (an albarán's
 * "Facturado"). Until finanzas issues invoices nothing is invoiced, so every origin answers
 * an empty list; the invoices issue replaces this body with the view's read.
 */
export const facturacionDeOrigenes = async (
  _tx: Executor,
  { origenIds }: { origenTipo: OrigenTipo; origenIds: readonly string[] },
): Promise<Map<string, OrigenFacturado[]>> => new Map(origenIds.map((id) => [id, []]));
