import { diasInclusivos, maxFecha, minFecha, sumarDias } from '../fechas/dias.js';
import { round2, toDecimal } from '../money/decimal.js';
import { baseTiempo, type LineaPrecio } from './lineas.js';

// R17–R19: a rental line's billing lots (FIFO), its late days and the cumulative rule that makes
// monthly periods add up exactly to the whole-period price. Pure: the API feeds it the movements.

export type MovimientoLinea = {
  tipo: 'entrega' | 'recogida' | 'baja';
  fecha: string;
  /** Recogida: the last billed day (default its `fecha`). */
  fechaFinCobro?: string | null;
  cantidad: number;
};

/** Units delivered together that bill from `desde` to `hasta` (inclusive; null: still billing). */
export type Lote = { cantidad: number; desde: string; hasta: string | null; enObra: boolean };

const ORDEN_TIPO = { entrega: 0, baja: 1, recogida: 2 } as const;

/**
 * R18: each entrega opens a lot at its date; a baja stops billable units oldest lot first at its
 * date (they stay on site, not billing); a recogida takes units under baja first (no billing
 * effect), then billable units oldest first, which stop at its `fechaFinCobro`.
 */
export const lotesDeLinea = (movimientos: readonly MovimientoLinea[]): Lote[] => {
  const orden = [...movimientos].sort(
    (a, b) => a.fecha.localeCompare(b.fecha) || ORDEN_TIPO[a.tipo] - ORDEN_TIPO[b.tipo],
  );
  // Open billable lots, oldest first; lots under baja (stopped, still on site); closed lots.
  let abiertos: Lote[] = [];
  let deBaja: Lote[] = [];
  const cerrados: Lote[] = [];
  const tomar = (lotes: Lote[], cantidad: number, cerrar: (l: Lote) => void) => {
    let resto = cantidad;
    const quedan: Lote[] = [];
    for (const lote of lotes) {
      if (resto === 0) {
        quedan.push(lote);
        continue;
      }
      const n = Math.min(resto, lote.cantidad);
      resto -= n;
      cerrar({ ...lote, cantidad: n });
      if (lote.cantidad > n) quedan.push({ ...lote, cantidad: lote.cantidad - n });
    }
    return { quedan, resto };
  };
  for (const m of orden) {
    if (m.tipo === 'entrega') {
      abiertos.push({ cantidad: m.cantidad, desde: m.fecha, hasta: null, enObra: true });
    } else if (m.tipo === 'baja') {
      const r = tomar(abiertos, m.cantidad, (l) => deBaja.push({ ...l, hasta: m.fecha }));
      abiertos = r.quedan;
    } else {
      const fin = m.fechaFinCobro ?? m.fecha;
      const r1 = tomar(deBaja, m.cantidad, (l) => cerrados.push({ ...l, enObra: false }));
      deBaja = r1.quedan;
      const r2 = tomar(abiertos, r1.resto, (l) =>
        cerrados.push({ ...l, hasta: maxFecha(fin, sumarDias(l.desde, -1)), enObra: false }),
      );
      abiertos = r2.quedan;
    }
  }
  return [...cerrados, ...deBaja, ...abiertos].filter((l) => l.cantidad > 0);
};

/** Units still on site and those of them under baja. */
export const enObra = (lotes: readonly Lote[]) => ({
  fuera: lotes.filter((l) => l.enObra).reduce((s, l) => s + l.cantidad, 0),
  baja: lotes.filter((l) => l.enObra && l.hasta !== null).reduce((s, l) => s + l.cantidad, 0),
});

/** R17: days past `fechaFin` while billable units are out; 0 otherwise. */
export const retrasoDias = (lotes: readonly Lote[], fechaFin: string, hoy: string): number => {
  const fuera = lotes.some((l) => l.enObra && l.hasta === null);
  return fuera && hoy > fechaFin ? diasInclusivos(fechaFin, hoy) - 1 : 0;
};

/**
 * R19 cum(t): R5 over each lot's days up to `t` (a lot still billing runs to `t`), summed
 * exactly and rounded once.
 */
export const acumulado = (linea: LineaPrecio, lotes: readonly Lote[], t: string): string => {
  let total = toDecimal('0');
  for (const lote of lotes) {
    if (lote.desde > t) continue;
    const fin = lote.hasta === null ? t : minFecha(lote.hasta, t);
    if (fin < lote.desde) continue;
    total = total.plus(
      toDecimal(baseTiempo(linea, diasInclusivos(lote.desde, fin), String(lote.cantidad))),
    );
  }
  return round2(total);
};

/** R19: a time line's amount for the period `desde`–`hasta`: cum(hasta) − cum(desde − 1). */
export const importePeriodo = (
  linea: LineaPrecio,
  lotes: readonly Lote[],
  desde: string,
  hasta: string,
): string =>
  round2(
    toDecimal(acumulado(linea, lotes, hasta)).minus(
      toDecimal(acumulado(linea, lotes, sumarDias(desde, -1))),
    ),
  );

/** The first and last billable day of a line's lots (null when nothing was delivered). */
export const periodoFacturable = (lotes: readonly Lote[], hoy: string) => {
  if (lotes.length === 0) return null;
  const desde = lotes.map((l) => l.desde).sort()[0] as string;
  const hasta = lotes.some((l) => l.hasta === null)
    ? hoy
    : (lotes
        .map((l) => l.hasta as string)
        .sort()
        .at(-1) as string);
  return { desde, hasta };
};
