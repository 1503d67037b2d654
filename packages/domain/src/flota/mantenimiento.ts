import { diasEntre, esFechaValida, sumarDias, sumarMeses } from '../fechas/fechas.js';

// §4.5 "The form pre-fills próximo from the previous mantenimiento of that tipo (same
// intervals)": the previous one's interval (fecha → proximaFecha, km → proximoKm) applied to
// the new one's fecha and km.

export type MantenimientoPrevio = {
  fecha: string;
  km: number | null;
  proximaFecha: string | null;
  proximoKm: number | null;
};

/** Whole months from `desde` to `hasta` when adding them gives `hasta` exactly, else null. */
const mesesExactos = (desde: string, hasta: string): number | null => {
  const [a1 = 0, m1 = 0] = desde.split('-').map(Number);
  const [a2 = 0, m2 = 0] = hasta.split('-').map(Number);
  const meses = (a2 - a1) * 12 + (m2 - m1);
  return meses > 0 && sumarMeses(desde, meses) === hasta ? meses : null;
};

/**
 * The next date and km a new mantenimiento of the same tipo proposes: a yearly revision stays
 * yearly (in calendar months when the previous interval was whole months, else in days), one
 * every 50.000 km stays so. Each part is null when the previous one had none or the new fecha
 * or km is missing.
 */
export const proximoMantenimiento = (
  previo: MantenimientoPrevio | undefined,
  nuevo: { fecha: string; km?: number | undefined },
): { proximaFecha: string | null; proximoKm: number | null } => {
  let proximaFecha: string | null = null;
  let proximoKm: number | null = null;
  if (previo?.proximaFecha && previo.proximaFecha > previo.fecha && esFechaValida(nuevo.fecha)) {
    const meses = mesesExactos(previo.fecha, previo.proximaFecha);
    proximaFecha =
      meses === null
        ? sumarDias(nuevo.fecha, diasEntre(previo.fecha, previo.proximaFecha))
        : sumarMeses(nuevo.fecha, meses);
  }
  if (
    previo?.proximoKm != null &&
    previo.km != null &&
    previo.proximoKm > previo.km &&
    nuevo.km !== undefined &&
    Number.isInteger(nuevo.km)
  )
    proximoKm = nuevo.km + (previo.proximoKm - previo.km);
  return { proximaFecha, proximoKm };
};
