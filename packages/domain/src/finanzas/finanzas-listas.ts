// The states, labels and sort fields the finanzas lists (facturas, notas, compras) render with:
// no zod here, so a list's first render does not load the schemas (issue 13, decision 0046).
// facturas.ts and compras.ts build their schemas from these and re-export them.

export const ESTADOS_FACTURA = [
  'borrador',
  'emitida',
  'cobrada',
  'rectificada',
  'anulada',
] as const;
export type EstadoFactura = (typeof ESTADOS_FACTURA)[number];
/** The list filter adds the derived `vencida`. */
export const ESTADOS_FILTRO_FACTURA = [...ESTADOS_FACTURA, 'vencida'] as const;
export type EstadoFiltroFactura = (typeof ESTADOS_FILTRO_FACTURA)[number];
export const ESTADO_FACTURA_LABELS: Record<EstadoFiltroFactura, string> = {
  borrador: 'Borrador',
  emitida: 'Emitida',
  vencida: 'Vencida',
  cobrada: 'Cobrada',
  rectificada: 'Rectificada',
  anulada: 'Anulada',
};

export const FACTURA_SORT_FIELDS = [
  'fecha',
  'numero',
  'cliente',
  'total',
  'pendiente',
  'vencimiento',
] as const;

export const ESTADOS_COMPRA = ['pendiente', 'pagada', 'anulada'] as const;
export const ESTADOS_FILTRO_COMPRA = [...ESTADOS_COMPRA, 'vencida'] as const;
export const ESTADO_COMPRA_LABELS: Record<(typeof ESTADOS_FILTRO_COMPRA)[number], string> = {
  pendiente: 'Pendiente',
  vencida: 'Vencida',
  pagada: 'Pagada',
  anulada: 'Anulada',
};

export const COMPRA_SORT_FIELDS = [
  'recepcion',
  'numero',
  'proveedor',
  'total',
  'pendiente',
] as const;
