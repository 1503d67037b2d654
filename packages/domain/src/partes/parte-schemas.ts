import { z } from '../zod-es.js';
import { LIMITS } from '../limits.js';
import { MESSAGES } from '../messages.js';
import { PARTE_MESSAGES } from './parte-messages.js';
import { CUENTAS_CONTABLES, type ParteTipo } from './parte-tipos.js';
import { direccionInputSchema, direccionSchema } from '../localizacion/direccion.js';
import { EMPRESAS } from '../systems/empresa.js';
import { textSchema } from '../text/text.js';
import { versionField } from '../versiones/index.js';

// Suppliers and clients share one party model (DESIGN decision 1); only their accounting set
// differs. The same schemas validate the form (react-hook-form resolver) and the API.

const V = MESSAGES.validation;

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** SPEC 5: trimmed and uppercased; 5–30 of A-Z 0-9 - .; an empty one is omitted. */
export const documentoSchema = z.preprocess(
  emptyToUndefined,
  textSchema()
    .trim()
    .toUpperCase()
    .regex(
      new RegExp(`^[A-Z0-9.-]{${LIMITS.documento.min},${LIMITS.documento.max}}$`),
      V.documentoInvalid,
    )
    .optional(),
);

const cuentaSchema = z.preprocess(
  emptyToUndefined,
  textSchema()
    .trim()
    .regex(/^\d{3,12}$/, PARTE_MESSAGES.cuentaInvalid)
    .optional(),
);

const optionalContactText = (schema: z.ZodString) =>
  z.preprocess(emptyToUndefined, schema.optional());

export const contactoSchema = z.object({
  nombre: textSchema({ error: PARTE_MESSAGES.contactoNombreRequired })
    .trim()
    .min(1, PARTE_MESSAGES.contactoNombreRequired)
    .max(200, PARTE_MESSAGES.nombreTooLong),
  telefono: optionalContactText(
    textSchema()
      .trim()
      .max(30, PARTE_MESSAGES.telefonoInvalid)
      .regex(/^[+\d\s()-]+$/, PARTE_MESSAGES.telefonoInvalid),
  ),
  correo: optionalContactText(
    textSchema().trim().toLowerCase().email(PARTE_MESSAGES.correoInvalid).max(254),
  ),
});

/**
 * Blank observation lines are dropped (issue 5); each kept line is trimmed. A line is a textarea:
 * tabs and line breaks pass. At most LIMITS.observaciones.max lines (issue 12.4).
 */
export const observacionesSchema = z
  .array(textSchema({ multiline: true }).max(2000))
  .max(LIMITS.observaciones.max, PARTE_MESSAGES.observacionesTooMany)
  .default([])
  .transform((lines) => lines.map((line) => line.trim()).filter((line) => line !== ''));

const empresaSchema = z.enum(EMPRESAS, { error: V.empresaRequired });

const parteFields = {
  nombre: textSchema({ error: V.nameRequired })
    .trim()
    .min(1, V.nameRequired)
    .max(200, PARTE_MESSAGES.nombreTooLong),
  documento: documentoSchema,
  activo: z.boolean().default(true),
  contactos: z
    .array(contactoSchema)
    .max(LIMITS.contactos.max, PARTE_MESSAGES.contactosTooMany)
    .default([]),
  observaciones: observacionesSchema,
  direccion: direccionInputSchema.optional(),
};

const cuentasFields = <T extends ParteTipo>(tipo: T) =>
  Object.fromEntries(CUENTAS_CONTABLES[tipo].map((cuenta) => [cuenta, cuentaSchema])) as Record<
    (typeof CUENTAS_CONTABLES)[T][number],
    typeof cuentaSchema
  >;

/** POST body: everything, empresa included. */
export const parteCreateSchema = <T extends ParteTipo>(tipo: T) =>
  z.object({ ...parteFields, ...cuentasFields(tipo), empresa: empresaSchema });

// Any empresa in a PUT body, even the record's own, is refused on its own field so the form maps
// the message onto Empresa; `undefined` (the key left out) is what the form sends.
const empresaRefused = z.undefined({ error: PARTE_MESSAGES.empresaImmutable }).optional();

const unknownKeysMessage = (issue: { code?: string; keys?: readonly string[] }) =>
  issue.code === 'unrecognized_keys' && issue.keys
    ? `${PARTE_MESSAGES.unknownFields}: ${issue.keys.join(', ')}`
    : undefined;

/** PUT body: the same without empresa, which cannot change (SPEC 4.6); a body carrying it is refused. */
export const parteUpdateSchema = <T extends ParteTipo>(tipo: T) =>
  z.strictObject(
    // `version`: the one the editor read (or If-Match); the API refuses a stale one (409).
    { ...parteFields, ...cuentasFields(tipo), empresa: empresaRefused, ...versionField },
    { error: unknownKeysMessage },
  );

export const proveedorCreateSchema = parteCreateSchema('proveedor');
export const proveedorUpdateSchema = parteUpdateSchema('proveedor');
export const clienteCreateSchema = parteCreateSchema('cliente');
export const clienteUpdateSchema = parteUpdateSchema('cliente');

const auditFields = {
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
};

/** A contact as stored and answered: the fields left blank are null. */
export const contactoRecordSchema = z.object({
  nombre: z.string(),
  telefono: z.string().nullable(),
  correo: z.string().nullable(),
});

const parteRecordFields = {
  _id: z.string(),
  nombre: z.string(),
  documento: z.string().nullable(),
  empresa: z.enum(EMPRESAS),
  activo: z.boolean(),
  archivos: z.array(z.unknown()),
  contactos: z.array(contactoRecordSchema),
  observaciones: z.array(z.string()),
  direccion: direccionSchema,
  version: z.number().int(),
  ...auditFields,
};

const nullableCuentas = <T extends ParteTipo>(tipo: T) =>
  Object.fromEntries(
    CUENTAS_CONTABLES[tipo].map((cuenta) => [cuenta, z.string().nullable()]),
  ) as Record<(typeof CUENTAS_CONTABLES)[T][number], z.ZodNullable<z.ZodString>>;

export const proveedorSchema = z.object({ ...parteRecordFields, ...nullableCuentas('proveedor') });
export const clienteSchema = z.object({ ...parteRecordFields, ...nullableCuentas('cliente') });

export type ProveedorCreateInput = z.input<typeof proveedorCreateSchema>;
export type ProveedorCreate = z.output<typeof proveedorCreateSchema>;
export type ProveedorUpdate = z.output<typeof proveedorUpdateSchema>;
export type Proveedor = z.output<typeof proveedorSchema>;
export type ClienteCreateInput = z.input<typeof clienteCreateSchema>;
export type ClienteCreate = z.output<typeof clienteCreateSchema>;
export type ClienteUpdate = z.output<typeof clienteUpdateSchema>;
export type Cliente = z.output<typeof clienteSchema>;
export type ContactoRecord = z.output<typeof contactoRecordSchema>;
/** Either type's record, body or query, for code generic over the party type. */
export type Parte = Proveedor | Cliente;
export type ParteCreate = z.output<ReturnType<typeof parteCreateSchema<ParteTipo>>>;
export type ParteUpdate = z.output<ReturnType<typeof parteUpdateSchema<ParteTipo>>>;
