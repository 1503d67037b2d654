// The types, states, labels and sort fields the rental and transport albarán lists render with.
// No zod here: a list's first render would otherwise load the schemas, which albaranes.ts and
// transporte.ts build at load (issue 13, decision 0046). Both modules build their schemas from
// these and re-export them, so the package's exports do not change.

export const TIPOS_ALBARAN = ['entrega', 'recogida'] as const;
export type TipoAlbaran = (typeof TIPOS_ALBARAN)[number];
export const TIPO_ALBARAN_LABELS: Record<TipoAlbaran, string> = {
  entrega: 'Entrega',
  recogida: 'Recogida',
};
export const ESTADOS_ALBARAN = ['borrador', 'emitido', 'firmado', 'anulado'] as const;
export type EstadoAlbaran = (typeof ESTADOS_ALBARAN)[number];
export const ESTADO_ALBARAN_LABELS: Record<EstadoAlbaran, string> = {
  borrador: 'Borrador',
  emitido: 'Emitido',
  firmado: 'Firmado',
  anulado: 'Anulado',
};

export const ALBARAN_SORT_FIELDS = ['fecha', 'numero', 'cliente', 'estado'] as const;

export const ESTADOS_TRANSPORTE = ['pendiente', 'en_ruta', 'entregado', 'anulado'] as const;
export type EstadoTransporte = (typeof ESTADOS_TRANSPORTE)[number];
export const ESTADO_TRANSPORTE_LABELS: Record<EstadoTransporte, string> = {
  pendiente: 'Pendiente',
  en_ruta: 'En ruta',
  entregado: 'Entregado',
  anulado: 'Anulado',
};

export const TRANSPORTE_SORT_FIELDS = ['fecha', 'numero', 'cliente', 'estado'] as const;
