import { z } from '../zod-es.js';

/** The text of an IBAN that fails `checkIban`; the API prefixes the field ("ibanCliente: IBAN inválido"). */
export const IBAN_INVALIDO = 'IBAN inválido';

/** The 400 `errors` entry of an invalid IBAN: "{campo}: IBAN inválido" (modules/README.md). */
export const ibanInvalido = (campo: string): string => `${campo}: ${IBAN_INVALIDO}`;

export type IbanCheck = {
  /** What is stored: no spaces, upper case ("ES9121000418450200051332"). */
  normalizado: string;
  /** What is shown and printed: groups of 4 ("ES91 2100 0418 4502 0005 1332"). */
  texto: string;
};

// ISO 13616: country, two check digits, then a BBAN of up to 30 letters and digits; the shortest
// IBAN in use (Norway) has 15 characters, the longest 34.
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;
// Spain: ES + 2 check digits + entidad (4) + oficina (4) + 2 control digits + cuenta (10).
const ES_SHAPE = /^ES\d{22}$/;
const CCC_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6] as const;

/** ISO 7064 mod 97-10 over the IBAN moved 4 places, letters as 10–35: valid when it leaves 1. */
const mod97 = (iban: string): number => {
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let remainder = 0;
  for (const char of rearranged) {
    const value = Number.parseInt(char, 36);
    // Letters are two digits long, digits one: fold them in digit by digit.
    remainder = value > 9 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
};

/**
 * One control digit of a Spanish CCC (Código Cuenta Cliente): the ten digits weighted
 * 1, 2, 4, 8, 5, 10, 9, 7, 3, 6, then 11 − (sum mod 11), where 11 → 0 and 10 → 1.
 */
const cccDigit = (tenDigits: string): number => {
  const sum = [...tenDigits].reduce(
    (total, digit, index) => total + Number(digit) * (CCC_WEIGHTS[index] ?? 0),
    0,
  );
  const digit = 11 - (sum % 11);
  return digit === 11 ? 0 : digit === 10 ? 1 : digit;
};

/**
 * The CCC's two "dígitos de control": the first checks "00" + entidad + oficina, the second the
 * account number.
 */
const spanishControlDigitsOk = (iban: string): boolean => {
  const [entidadOficina, control, cuenta] = [iban.slice(4, 12), iban.slice(12, 14), iban.slice(14)];
  return `${cccDigit(`00${entidadOficina}`)}${cccDigit(cuenta)}` === control;
};

/**
 * Checks an IBAN of any country (modules/README.md, "Shared domain functions"): spaces removed
 * and upper-cased, then the ISO 13616 shape and mod-97 check; a Spanish one must also have 24
 * characters and the right CCC control digits. Null when invalid.
 * `checkIban('es91 2100 0418 4502 0005 1332')` → `{ normalizado: 'ES9121000418450200051332',
 * texto: 'ES91 2100 0418 4502 0005 1332' }`.
 */
export const checkIban = (valor: string): IbanCheck | null => {
  const normalizado = valor.replace(/\s/g, '').toUpperCase();
  if (!IBAN_SHAPE.test(normalizado) || mod97(normalizado) !== 1) return null;
  if (normalizado.startsWith('ES')) {
    if (!ES_SHAPE.test(normalizado) || !spanishControlDigitsOk(normalizado)) return null;
  }
  return { normalizado, texto: normalizado.replace(/(.{4})(?=.)/g, '$1 ') };
};

/**
 * An IBAN field: any IBAN `checkIban` accepts, stored `normalizado`; otherwise "IBAN inválido" on
 * the field.
 */
export const ibanSchema = z.string({ error: IBAN_INVALIDO }).transform((valor, ctx) => {
  const iban = checkIban(valor);
  if (iban) return iban.normalizado;
  ctx.addIssue({ code: 'custom', message: IBAN_INVALIDO });
  return z.NEVER;
});
