/** The party types: suppliers and clients share one model (DESIGN decision 1). */
export const PARTE_TIPOS = ['proveedor', 'cliente'] as const;
export type ParteTipo = (typeof PARTE_TIPOS)[number];
