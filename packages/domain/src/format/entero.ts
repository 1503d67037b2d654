// A whole number in es-ES ("9.997") without the exact-decimal library that formatNumero needs:
// every list's "Mostrando 1–10 de 9.997 …" line is written on its first render, and big.js (4 KB
// gzip) then loaded with the list only for that (issue 13, the signed-in list on a phone).

/** "4800" → "4.800": groups of three from 4 digits (es-es.ts, modules/README.md). */
export const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, '.');

/** A safe integer as formatNumero writes it: 4800 → "4.800", -1234 → "-1.234", -0 → "0". */
export const formatEntero = (value: number): string => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a safe integer: ${value}`);
  // A safe integer's text never has an exponent, and String(-0) is "0".
  return `${value < 0 ? '-' : ''}${groupThousands(String(Math.abs(value)))}`;
};
