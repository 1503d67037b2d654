import { can, type Role } from '@tvsistema/domain';
import { paths } from '../../config/paths.js';

/** The albaranes URLs (SPEC 2.11, logistica.md §5). */
export const logisticaHrefs = {
  lista: () => paths.albaranes.list.getHref(),
  crear: (tipo: 'entrega' | 'recogida', alquilerId?: string) =>
    `${paths.albaranes.create.getHref()}?tipo=${tipo}${alquilerId ? `&alquilerId=${alquilerId}` : ''}`,
  ver: (id: string) => paths.albaranes.view.getHref({ albaranId: id }),
  editar: (id: string) => paths.albaranes.editById.getHref({ id }),
  importar: () => paths.albaranes.import.getHref(),
  /** The list of the current system's kind, narrowed to one import's albaranes (§5). */
  importados: (importacionId: string) =>
    `${paths.albaranes.list.getHref()}?importacionId=${encodeURIComponent(importacionId)}`,
  transporteCrear: () => paths.albaranes.transporteCreate.getHref(),
  transporteVer: (id: string) => paths.albaranes.transporteView.getHref({ albaranId: id }),
  transporteEditar: (id: string) => paths.albaranes.transporteEdit.getHref({ id }),
  alquiler: (id: string) => paths.alquileres.detail.getHref({ id }),
  /** finanzas.md §5: the transport invoice form with this albarán chosen (`?albaranes=id`). */
  facturar: (id: string) =>
    `${paths.facturas.transporteCreate.getHref()}?albaranes=${encodeURIComponent(id)}`,
};

/**
 * finanzas.md §5 "Origen": the rental invoice form with the albarán's alquiler chosen and its
 * unbilled days up to `hasta` (rental albaranes are billed through their alquiler, R16).
 */
export const facturarAlquilerHref = (alquilerId: string, hasta: string) =>
  `${paths.facturas.create.getHref()}?alquilerId=${encodeURIComponent(alquilerId)}&hasta=${hasta}`;

/**
 * R16: a transport albarán finanzas offers to invoice — entregado, with a price and no invoice;
 * "Facturar" shows only to who may draft transport invoices (finanzas.md §7).
 */
export const puedeFacturarse = (
  a: { estado: string; precio: string | null; factura: unknown },
  roles: readonly Role[],
) =>
  a.estado === 'entregado' &&
  a.precio !== null &&
  !a.factura &&
  can(roles, 'facturas.transporte.edit');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isRecordId = (id: string | undefined): id is string => Boolean(id && UUID.test(id));
