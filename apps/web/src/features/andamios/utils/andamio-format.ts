import { exactDecimal, formatNumero, multiplyDecimals, plural } from '@tvsistema/domain';

// How the andamios screens write numbers (modules/README.md "Texts with numbers").

/** A unit price: at least 2 decimals, up to the 4 a price may carry ("0,05 €", "0,125 €"). */
export const formatPrecio = (precio: string): string => {
  const decimales = exactDecimal(precio, 2).split('.')[1]?.length ?? 2;
  return `${formatNumero(precio, decimales)} €`;
};

/** A weight in kg as stored ("18.500" → "18,5"). */
export const formatKg = (kg: string): string => formatNumero(kg);

/** kg as tonnes with one decimal ("12450.000" → "12,5 t"). */
export const formatToneladas = (kg: string): string =>
  `${formatNumero(multiplyDecimals(kg, '0.001'), 1)} t`;

/** "1 ud." / "300 uds." */
export const unidades = (n: number): string => plural(n, 'ud.', 'uds.');

/** A signed adjustment as the confirm reads it: "−2 uds.", "+5 uds." (U+2212 minus). */
export const ajusteTexto = (delta: number): string =>
  `${delta < 0 ? '−' : '+'}${unidades(Math.abs(delta))}`;
