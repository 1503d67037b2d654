import { z } from '../zod-es.js';
import { checkIban } from '../documento/iban.js';
import { checkSpanishDocument } from '../documento/spanish-id.js';
import { direccionInputSchema, direccionSchema } from '../localizacion/direccion.js';
import { EMPRESAS, type Empresa } from '../systems/empresa.js';
import { textSchema } from '../text/text.js';

// The empresa's legal data (finanzas.md §2 "Emisor"): one record per empresa, edited with
// `facturacion.fiscal`, printed on every document's letterhead and frozen into each invoice.

export const EMISOR_MESSAGES = {
  razonSocialRequired: 'La razón social es obligatoria',
  razonSocialTooLong: 'La razón social no puede superar 120 caracteres',
  nifRequired: 'El NIF es obligatorio',
  nifInvalid: 'El NIF no es válido (revisa el carácter de control)',
  ibanRequired: 'El IBAN es obligatorio',
  ibanInvalid: 'IBAN inválido',
  emailInvalid: 'El correo electrónico no es válido',
  tooLong: (max: number) => `No puede superar ${max} caracteres`,
  diasVencimiento: 'Los días de vencimiento deben ser un número entero entre 0 y 120',
  direccionIncomplete:
    'La dirección fiscal necesita provincia, municipio, calle, número y código postal',
  notFound: 'La empresa indicada no existe',
} as const;

const M = EMISOR_MESSAGES;

/** The default description of the operation on each empresa's invoices. */
export const DESCRIPCION_OPERACION_POR_DEFECTO: Readonly<Record<Empresa, string>> = {
  alquileres: 'Alquiler de maquinaria y andamios',
  transporte: 'Transporte de mercancías por carretera',
  verticales: 'Trabajos verticales',
};

const optionalText = (max: number) =>
  textSchema()
    .trim()
    .max(max, M.tooLong(max))
    .nullish()
    .transform((value) => (value ? value : null));

/** PUT /api/facturas/emisores/{empresa}: the whole record (upsert), with the version read. */
export const emisorInputSchema = z.object({
  razonSocial: textSchema({ error: M.razonSocialRequired })
    .trim()
    .min(1, M.razonSocialRequired)
    .max(120, M.razonSocialTooLong),
  nif: textSchema({ error: M.nifRequired })
    .trim()
    .min(1, M.nifRequired)
    .transform((value) => value.toUpperCase().replace(/[\s-]/g, ''))
    .refine((value) => checkSpanishDocument(value) === 'valid', M.nifInvalid),
  direccion: direccionInputSchema.refine(
    (d) =>
      Boolean(d.provinciaId && d.municipioId && d.calleId && d.codigoPostalId && d.altura !== null),
    M.direccionIncomplete,
  ),
  telefono: optionalText(30),
  email: z
    .email({ error: M.emailInvalid })
    .max(254, M.tooLong(254))
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((value) => value ?? null),
  iban: textSchema({ error: M.ibanRequired })
    .trim()
    .min(1, M.ibanRequired)
    .transform((value, context) => {
      const iban = checkIban(value);
      if (!iban) {
        context.addIssue({ code: 'custom', message: M.ibanInvalid });
        return z.NEVER;
      }
      return iban.normalizado;
    }),
  bic: optionalText(11),
  registroMercantil: optionalText(250),
  epigrafeIae: optionalText(4),
  descripcionOperacion: optionalText(500),
  diasVencimiento: z
    .number({ error: M.diasVencimiento })
    .int(M.diasVencimiento)
    .min(0, M.diasVencimiento)
    .max(120, M.diasVencimiento)
    .default(30),
  // 0 the first time (nothing stored yet), then the version read, as every update.
  version: z.number({ error: 'La versión debe ser un número entero' }).int().min(0).optional(),
});
export type EmisorInput = z.input<typeof emisorInputSchema>;
export type EmisorValues = z.output<typeof emisorInputSchema>;

/** The record as the API answers it (`version` 0: nothing stored yet, the defaults shown). */
export const emisorSchema = z.object({
  empresa: z.enum(EMPRESAS),
  razonSocial: z.string(),
  nif: z.string(),
  direccion: direccionSchema,
  telefono: z.string().nullable(),
  email: z.string().nullable(),
  iban: z.string(),
  bic: z.string().nullable(),
  registroMercantil: z.string().nullable(),
  epigrafeIae: z.string().nullable(),
  descripcionOperacion: z.string(),
  diasVencimiento: z.number().int(),
  version: z.number().int(),
});
export type Emisor = z.output<typeof emisorSchema>;
