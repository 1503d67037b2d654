import { z } from '../zod-es.js';
import { blankToUndefined } from '../lists/list-query.js';
import { fechaSchema } from '../fechas/fechas.js';
import { textSchema } from '../text/text.js';

// Field helpers the obras schemas share.

/** An empty input ("" or only spaces, or null) is no value. */
export const opcional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (value === null ? undefined : blankToUndefined(value)),
    schema.optional(),
  );

export const fechaOpcional = opcional(fechaSchema());

export const textoOpcional = (max: number, mensaje: string, multiline = false) =>
  opcional(textSchema({ multiline }).trim().max(max, mensaje));

/** Observation lines: blank ones dropped, each ≤ 2 000 characters (as partes). */
export const lineasSchema = z
  .array(textSchema({ multiline: true }).max(2000))
  .max(50)
  .default([])
  .transform((lines) => lines.map((line) => line.trim()).filter((line) => line !== ''));

/** The audit fields every verticales record answers with (as partes). */
export const auditoriaVerticales = {
  _id: z.string(),
  empresa: z.literal('verticales'),
  version: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
};

/** A csv query value (`en_curso,pausada`) as a list of one enum, each checked. */
export const listaCsv = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((v) => v.trim())
            .filter((v) => v !== '')
        : Array.isArray(value)
          ? value
          : undefined,
    z.array(z.enum(values)).optional(),
  );
