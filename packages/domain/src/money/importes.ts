import type Big from 'big.js';
import { powerOfTen, round2, sumBig, toDecimal, type DecimalInput } from './decimal.js';

/** The VAT rates a line may carry (`tipoIva`, a JSON number), in the order a breakdown lists them. */
export const TIPOS_IVA = [21, 10, 4, 0] as const;
export type TipoIva = (typeof TIPOS_IVA)[number];

export type LineaImporte = {
  cantidad: DecimalInput;
  precio: DecimalInput;
  /** Percentage 0–100 with up to 2 decimals; "0" when absent. */
  descuentoPct?: DecimalInput;
};

const percentOf = (value: Big, pct: DecimalInput): Big =>
  value.times(toDecimal(pct)).div(powerOfTen(2));

/**
 * Line base (comercial.md R5, finanzas.md rule 1): round2(cantidad × precio × (1 − dto/100)),
 * half away from zero, with no intermediate rounding. 3 × "33.3333" → "100.00"; 200 × "1.20" →
 * "240.00"; "665" with 7,5 % → "615.13" (615,125).
 */
export const lineBase = ({ cantidad, precio, descuentoPct = 0 }: LineaImporte): string => {
  const gross = toDecimal(cantidad).times(toDecimal(precio));
  return round2(gross.minus(percentOf(gross, descuentoPct)));
};

export type BaseConIva = { base: DecimalInput; tipoIva: TipoIva };
export type DesgloseIva = { tipoIva: TipoIva; base: string; cuota: string };

const assertTipoIva = (tipoIva: number): void => {
  if (!(TIPOS_IVA as readonly number[]).includes(tipoIva)) {
    throw new RangeError(`Unknown tipoIva: ${tipoIva}`);
  }
};

/**
 * VAT breakdown (modules/README.md "Money", comercial.md R6, finanzas.md rule 1): per rate,
 * base = Σ of that rate's line bases, cuota = round2(base × tipoIva / 100), the cuota rounded once
 * on the rate's sum, never per line (2 × "1.25" at 21 % → cuota "0.53", not 2 × "0.26"). One
 * entry per rate present, in the order 21, 10, 4, 0.
 */
export const desgloseIva = (lineas: readonly BaseConIva[]): DesgloseIva[] => {
  lineas.forEach((linea) => assertTipoIva(linea.tipoIva));
  return TIPOS_IVA.filter((tipoIva) => lineas.some((linea) => linea.tipoIva === tipoIva)).map(
    (tipoIva) => {
      const base = sumBig(lineas.filter((l) => l.tipoIva === tipoIva).map((l) => l.base));
      return { tipoIva, base: round2(base), cuota: round2(percentOf(base, tipoIva)) };
    },
  );
};

export type Totales = {
  desglose: DesgloseIva[];
  /** Σ bases (base imponible). */
  base: string;
  /** Σ cuotas of the breakdown. */
  iva: string;
  /** base + iva (importeTotal: the retention is not subtracted, finanzas.md rule 1). */
  total: string;
  /** round2(base × retencionPct / 100); "0.00" without retention. */
  retencion: string;
  /** total − retencion: what the client pays. */
  totalAPagar: string;
};

/**
 * Document totals (comercial.md R6, finanzas.md rule 1): the breakdown of `desgloseIva`;
 * base = Σ bases; iva = Σ cuotas; total = base + iva; retención IRPF = round2(base × pct/100),
 * not subtracted from the total but from what is paid (totalAPagar = total − retención). Lines
 * 690 + 85 + "100.00" at 21 % → base "875.00", iva "183.75", total "1058.75"; base 300 with 15 %
 * retention → total "363.00", retencion "45.00", totalAPagar "318.00". The recargo de
 * equivalencia of finanzas is not here (it needs the line's kind): finanzas adds it.
 */
export const totales = (
  lineas: readonly BaseConIva[],
  { retencionPct = 0 }: { retencionPct?: DecimalInput } = {},
): Totales => {
  const desglose = desgloseIva(lineas);
  const base = sumBig(desglose.map((entry) => entry.base));
  const iva = sumBig(desglose.map((entry) => entry.cuota));
  const total = base.plus(iva);
  const retencion = round2(percentOf(base, retencionPct));
  return {
    desglose,
    base: round2(base),
    iva: round2(iva),
    total: round2(total),
    retencion,
    totalAPagar: round2(total.minus(toDecimal(retencion))),
  };
};
