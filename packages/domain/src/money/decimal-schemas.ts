import { z } from '../zod-es.js';
import { compareDecimals } from './decimal.js';

/**
 * The two decimal columns of modules/README.md: amounts are `numeric(14,2)` (12 integer digits,
 * 2 decimals); unit prices and quantities `numeric(14,4)` (10 integer digits, 4 decimals).
 */
export const DECIMAL_COLUMNS = {
  importe: { enteros: 12, decimales: 2 },
  precio: { enteros: 10, decimales: 4 },
} as const;
export type DecimalColumn = keyof typeof DECIMAL_COLUMNS;

/** The lower bound a decimal field accepts: any sign, 0 or more, or strictly more than 0. */
export const DECIMAL_MINIMOS = ['ninguno', 'cero', 'positivo'] as const;
export type DecimalMinimo = (typeof DECIMAL_MINIMOS)[number];

/**
 * Validation texts of decimal fields. `campo` is the field as a sentence starts with it, article
 * included ("El precio", "La cantidad"); the wording avoids gendered adjectives so one template
 * serves both. The API prefixes the JSON path ("lineas[0].precio: El precio …").
 */
export const DECIMAL_MESSAGES = {
  formato: (campo: string, decimales: number): string =>
    `${campo} debe ser un número con hasta ${decimales} decimales`,
  enteros: (campo: string, enteros: number): string =>
    `${campo} no puede tener más de ${enteros} cifras enteras`,
  menorQueCero: (campo: string): string => `${campo} no puede ser menor que 0`,
  noPositivo: (campo: string): string => `${campo} debe ser mayor que 0`,
} as const;

export type DecimalMessages = {
  formato: string;
  enteros: string;
  menorQueCero: string;
  noPositivo: string;
};

export type DecimalSchemaOptions = {
  /** Default 'cero': amounts, prices and quantities are not negative unless a rule says so. */
  minimo?: DecimalMinimo;
  /** A module's own catalogue texts, when its design gives one (e.g. "El precio no puede ser negativo"). */
  mensajes?: Partial<DecimalMessages>;
};

const shapeOf = ({ enteros, decimales }: { enteros: number; decimales: number }) => ({
  // Digits and an optional fraction, as PostgreSQL prints a numeric; no exponent, no comma.
  decimal: new RegExp(`^-?\\d+(\\.\\d{1,${decimales}})?$`),
  // Leading zeros do not count as integer digits ("0.50" has none, "0012" has two).
  enteros: new RegExp(`^-?0*\\d{1,${enteros}}(\\.|$)`),
});

/**
 * A decimal string field of one of the two columns: a string of digits with at most the
 * column's decimals ("1234.5", "1234.50", "-0.03", "1"), at most its integer digits, and at least
 * `minimo`. The value passes through unchanged: the database keeps its scale.
 */
export const decimalSchema = (
  column: DecimalColumn,
  campo: string,
  { minimo = 'cero', mensajes = {} }: DecimalSchemaOptions = {},
) => {
  const limits = DECIMAL_COLUMNS[column];
  const shape = shapeOf(limits);
  const text: DecimalMessages = {
    formato: mensajes.formato ?? DECIMAL_MESSAGES.formato(campo, limits.decimales),
    enteros: mensajes.enteros ?? DECIMAL_MESSAGES.enteros(campo, limits.enteros),
    menorQueCero: mensajes.menorQueCero ?? DECIMAL_MESSAGES.menorQueCero(campo),
    noPositivo: mensajes.noPositivo ?? DECIMAL_MESSAGES.noPositivo(campo),
  };
  return z.string({ error: text.formato }).superRefine((value, ctx) => {
    const problem = !shape.decimal.test(value)
      ? text.formato
      : !shape.enteros.test(value)
        ? text.enteros
        : minimo === 'cero' && compareDecimals(value, 0) < 0
          ? text.menorQueCero
          : minimo === 'positivo' && compareDecimals(value, 0) <= 0
            ? text.noPositivo
            : undefined;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
};

/** An amount, `numeric(14,2)`: "1234.50". */
export const importeSchema = (campo: string, options?: DecimalSchemaOptions) =>
  decimalSchema('importe', campo, options);

/** A unit price or quantity, `numeric(14,4)`: "33.3333", "0.05", "1". */
export const precioSchema = (campo: string, options?: DecimalSchemaOptions) =>
  decimalSchema('precio', campo, options);
