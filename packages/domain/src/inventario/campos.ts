import { z } from '../zod-es.js';
import { compareDecimals, multiplyDecimals } from '../money/decimal.js';
import { textSchema } from '../text/text.js';
import { blankToUndefined } from '../lists/list-query.js';
import { fechaSchema } from '../fechas/fechas.js';
import { INVENTARIO_MESSAGES as M } from './mensajes.js';

// Field schemas the three inventario resources share (inventario.md §2): amounts and unit
// prices with R14's texts, decimal measures, optional texts where an empty input means "none".

/** An empty input ("" or only spaces) is no value. */
export const opcional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

/** An amount, `numeric(14,2)` capped at 999.999,99 (R14's text). */
export const importeInventarioSchema = z
  .string({ error: M.importe })
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, M.importe);

/** A unit price, `numeric(14,4)` capped at 999.999,9999 (R14's text). */
export const precioInventarioSchema = z
  .string({ error: M.precio })
  .trim()
  .regex(/^\d{1,6}(\.\d{1,4})?$/, M.precio);

/**
 * A decimal measure as a string with at most `decimales` decimals, greater than 0 (or ≥ 0 with
 * `cero`) and at most `max`: weights and hour meters travel as "1680.0", "18.500".
 */
export const medidaSchema = (
  decimales: number,
  max: string,
  mensaje: string,
  { cero = false }: { cero?: boolean } = {},
) =>
  z
    .string({ error: mensaje })
    .trim()
    .regex(new RegExp(`^\\d{1,7}(\\.\\d{1,${decimales}})?$`), mensaje)
    .refine(
      (value) =>
        !esDecimal(value) ||
        ((cero ? compareDecimals(value, 0) >= 0 : compareDecimals(value, 0) > 0) &&
          compareDecimals(value, max) <= 0),
      { error: mensaje },
    );

/** A calendar day that may be left empty. */
export const fechaOpcional = opcional(fechaSchema());

export const textoCorto = opcional(textSchema().trim().max(60, M.textoCorto));

/**
 * A plain decimal string. zod 4 runs refinements after a failed format check, so comparisons
 * guard with this rather than throw on "" or "abc" (the regex's own message is already there).
 */
export const esDecimal = (value: unknown): value is string =>
  typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim());

/** R14 on a rate card: semana within [dia, 7 × dia] (strictly above dia for machines); mes above
 * semana (or dia) and at most 30 × dia. Adds the issues at `path` + semana / mes. */
export const comprobarTarifas = (
  tarifas: { dia: string; semana?: string | undefined; mes?: string | undefined },
  ctx: z.RefinementCtx,
  path: (string | number)[],
  { semanaEstricta }: { semanaEstricta: boolean },
) => {
  const { dia, semana, mes } = tarifas;
  if (!esDecimal(dia)) return;
  if (esDecimal(semana)) {
    const bajo = compareDecimals(semana, dia);
    if (
      (semanaEstricta ? bajo <= 0 : bajo < 0) ||
      compareDecimals(semana, multiplyDecimals(dia, 7)) > 0
    )
      ctx.addIssue({ code: 'custom', message: M.tarifaSemanal, path: [...path, 'semana'] });
  }
  if (esDecimal(mes)) {
    const suelo = esDecimal(semana) ? semana : dia;
    if (compareDecimals(mes, suelo) <= 0 || compareDecimals(mes, multiplyDecimals(dia, 30)) > 0)
      ctx.addIssue({ code: 'custom', message: M.tarifaMensual, path: [...path, 'mes'] });
  }
};

/** The audit fields every inventario record answers with (as partes). */
export const auditoriaFields = {
  _id: z.string(),
  empresa: z.literal('alquileres'),
  version: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
};

/** `true` / `false` in a query string; anything empty is no filter. */
export const booleanoQuery = z
  .preprocess(blankToUndefined, z.enum(['true', 'false']).optional())
  .transform((value) => (value === undefined ? undefined : value === 'true'));
