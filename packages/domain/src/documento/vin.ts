import { z } from '../zod-es.js';

/** 400 text of a bastidor that is not a VIN (flota-obras.md 4.1); the API prefixes "bastidor: ". */
export const BASTIDOR_INVALIDO =
  'El bastidor debe tener 17 caracteres: letras y números, sin I, O ni Q';

/** The warning of a VIN whose check digit does not match (flota-obras.md 4.1): never an error. */
export const BASTIDOR_AVISO_CONTROL =
  'El dígito de control del bastidor no coincide; en vehículos europeos es habitual, revísalo';

export type VinCheck = {
  /** What is stored: upper case, no spaces. */
  normalizado: string;
  /**
   * Whether position 9 holds the ISO 3779 check digit. EU makers need not use it, so false is
   * only a warning (BASTIDOR_AVISO_CONTROL), never a refusal.
   */
  checkDigitOk: boolean;
};

// 17 characters, letters and digits without I, O and Q (they read as 1 and 0).
const VIN_SHAPE = /^[A-HJ-NPR-Z0-9]{17}$/;
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;
// ISO 3779 transliteration of letters; digits stand for themselves.
// prettier-ignore
const LETTER_VALUES: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};

/** Σ value × weight mod 11, remainder 10 written "X" (flota-obras.md 4.1). */
const checkDigit = (vin: string): string => {
  const sum = [...vin].reduce(
    (total, char, index) => total + (LETTER_VALUES[char] ?? Number(char)) * (WEIGHTS[index] ?? 0),
    0,
  );
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
};

/**
 * Checks a VIN (bastidor): trimmed, spaces removed and upper-cased, 17 characters without I, O
 * or Q, else null (BASTIDOR_INVALIDO); the ISO 3779 check digit (position 9) is computed but only
 * reported. `checkVin('1M8GDM9AXKP042788')` → `{ normalizado: '1M8GDM9AXKP042788', checkDigitOk:
 * true }`; `checkVin('WDB9634031L738467')` → `checkDigitOk: false`.
 */
export const checkVin = (valor: string): VinCheck | null => {
  const normalizado = valor.replace(/\s/g, '').toUpperCase();
  if (!VIN_SHAPE.test(normalizado)) return null;
  return { normalizado, checkDigitOk: normalizado.charAt(8) === checkDigit(normalizado) };
};

/** A bastidor field: stored `normalizado`; a bad shape is BASTIDOR_INVALIDO on the field. */
export const bastidorSchema = z.string({ error: BASTIDOR_INVALIDO }).transform((valor, ctx) => {
  const vin = checkVin(valor);
  if (vin) return vin.normalizado;
  ctx.addIssue({ code: 'custom', message: BASTIDOR_INVALIDO });
  return z.NEVER;
});
