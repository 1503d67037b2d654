import {
  exactDecimal,
  formatEuros,
  formatNumero,
  ivaLabel,
  lineBase,
  plural,
  totales,
  type TipoIva,
} from '@tvsistema/domain';
import { UNIDAD_CONCEPTO_LABELS, type UnidadConcepto } from '@tvsistema/domain/inventario';

// How a template's price reads (inventario.md §5.7): "85,00 €/viaje", "8 %", "21 %",
// "0 % no sujeta", and the example line of the form.

/** A unit price in euros: at least 2 decimals, up to the 4 a price may carry ("1,60 €", "0,125 €"). */
export const formatPrecio = (precio: string): string => {
  const decimales = exactDecimal(precio, 2).split('.')[1]?.length ?? 2;
  return `${formatNumero(precio, decimales)} €`;
};

/** "85,00 €/viaje", "6,50 €/m²", or "8 %" for a percentage. */
export const precioConUnidad = (precio: string, unidad: UnidadConcepto): string =>
  unidad === 'porcentaje'
    ? `${formatNumero(exactDecimal(precio))} %`
    : `${formatPrecio(precio)}/${UNIDAD_CONCEPTO_LABELS[unidad]}`;

export { ivaLabel };

/** How two of each unit read in the example ("2 viajes"). */
const UNIDAD_PLURAL: Record<Exclude<UnidadConcepto, 'porcentaje'>, [string, string]> = {
  dia: ['día', 'días'],
  semana: ['semana', 'semanas'],
  mes: ['mes', 'meses'],
  hora: ['hora', 'horas'],
  unidad: ['ud.', 'uds.'],
  viaje: ['viaje', 'viajes'],
  km: ['km', 'km'],
  m2: ['m²', 'm²'],
  ml: ['m lineal', 'm lineales'],
};

const EJEMPLO_CANTIDAD = 2;
/** The rental base a percentage is shown on. */
const EJEMPLO_BASE = '1000';

const tail = (base: string, tipoIva: TipoIva, motivo: string) => {
  const { iva, total } = totales([{ base, tipoIva }]);
  const ivaText =
    tipoIva === 0 ? ivaLabel(0, motivo === 'exenta' ? 'exenta' : 'no_sujeta') : `${tipoIva} %`;
  return `= ${formatEuros(base)} + IVA ${ivaText} ${formatEuros(iva)} = ${formatEuros(total)}`;
};

/**
 * "Ejemplo: 2 viajes × 85,00 € = 170,00 € + IVA 21 % 35,70 € = 205,70 €", computed with the
 * domain's line base and IVA breakdown (half away from zero, the cuota on the base); a
 * percentage on 1.000,00 € of rental lines (R13). Undefined while the price is not valid.
 */
export const ejemploPrecio = (input: {
  unidad: UnidadConcepto | '';
  precio: string;
  tipoIva: TipoIva;
  motivoIva0: string;
}): string | undefined => {
  const { unidad, precio, tipoIva, motivoIva0 } = input;
  if (!unidad || !/^\d{1,6}(\.\d{1,4})?$/.test(precio)) return undefined;
  if (unidad === 'porcentaje') {
    // base = round2(1.000,00 × precio / 100) = round2(precio × 10).
    const base = lineBase({ cantidad: precio, precio: '10' });
    return `Ejemplo: ${precioConUnidad(precio, unidad)} de ${formatEuros(EJEMPLO_BASE)} ${tail(base, tipoIva, motivoIva0)}`;
  }
  const [singular, pluralForm] = UNIDAD_PLURAL[unidad];
  const base = lineBase({ cantidad: EJEMPLO_CANTIDAD, precio });
  return `Ejemplo: ${plural(EJEMPLO_CANTIDAD, singular, pluralForm)} × ${formatPrecio(precio)} ${tail(base, tipoIva, motivoIva0)}`;
};
