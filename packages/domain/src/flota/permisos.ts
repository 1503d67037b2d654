import type { ClasePermiso, TipoCamion } from './catalogos.js';

// §4.6: the licence class a vehicle needs (RD 818/2009) and which classes cover it.

/** Tractora → CE; rígido / furgoneta by MMA: ≤ 3 500 B, ≤ 7 500 C1, else C; trailers: none. */
export const claseRequerida = (tipo: TipoCamion, mmaKg: number): ClasePermiso | null => {
  if (tipo === 'tractora') return 'CE';
  if (tipo === 'semirremolque' || tipo === 'remolque') return null;
  return mmaKg <= 3500 ? 'B' : mmaKg <= 7500 ? 'C1' : 'C';
};

const CUBIERTA_POR: Record<ClasePermiso, readonly ClasePermiso[]> = {
  B: ['B', 'C1', 'C', 'C1E', 'CE'],
  C1: ['C1', 'C', 'C1E', 'CE'],
  C: ['C', 'CE'],
  C1E: ['C1E', 'CE'],
  CE: ['CE'],
};

/** Whether the held classes cover the required one. */
export const permisoCubre = (clases: readonly ClasePermiso[], requerida: ClasePermiso) =>
  clases.some((clase) => CUBIERTA_POR[requerida].includes(clase));
