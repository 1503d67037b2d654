// The states, labels and sort fields the presupuesto and alquiler lists render with. No zod here:
// a list's first render would otherwise load the schemas, which presupuestos.ts and alquileres.ts
// build at load (issue 13, decision 0046). Both modules build their schemas from these and
// re-export them, so the package's exports do not change.

export const ESTADOS_PRESUPUESTO = [
  'borrador',
  'enviado',
  'aceptado',
  'rechazado',
  'caducado',
] as const;
export type EstadoPresupuesto = (typeof ESTADOS_PRESUPUESTO)[number];
export const ESTADO_PRESUPUESTO_LABELS: Record<EstadoPresupuesto, string> = {
  borrador: 'Borrador',
  enviado: 'Enviado',
  aceptado: 'Aceptado',
  rechazado: 'Rechazado',
  caducado: 'Caducado',
};

export const PRESUPUESTO_SORT_FIELDS = [
  'createdAt',
  'numero',
  'fechaEmision',
  'fechaValidez',
  'cliente',
  'total',
] as const;

export const ESTADOS_ALQUILER = [
  'reservado',
  'en_curso',
  'devuelto_parcial',
  'finalizado',
  'cancelado',
] as const;
export type EstadoAlquiler = (typeof ESTADOS_ALQUILER)[number];
export const ESTADO_ALQUILER_LABELS: Record<EstadoAlquiler, string> = {
  reservado: 'Reservado',
  en_curso: 'En curso',
  devuelto_parcial: 'Devuelto parcial',
  finalizado: 'Finalizado',
  cancelado: 'Cancelado',
};
/**
 * R17 and §5's badge (dark): material under baja still on site, waiting for its recogida; such a
 * line is never late.
 */
export const PENDIENTE_RECOGIDA_LABEL = 'Pendiente de recogida';
/** The list's default filter (§6: the screen sends it in the URL). */
export const ESTADOS_ALQUILER_ABIERTOS: readonly EstadoAlquiler[] = [
  'reservado',
  'en_curso',
  'devuelto_parcial',
];

export const ALQUILER_SORT_FIELDS = [
  'fechaInicio',
  'numero',
  'fechaFin',
  'cliente',
  'importeEstimado',
] as const;
