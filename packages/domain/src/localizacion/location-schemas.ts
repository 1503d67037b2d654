import { z } from '../zod-es.js';
import { versionField } from '../versiones/index.js';
import { LIMITS } from '../limits.js';
import { idParamsSchema } from '../lists/list-query.js';
import { MESSAGES } from '../messages.js';
import { LOCATION_ENTITIES } from './location-messages.js';
import { normalizeName, sanitizePostalCodeInput } from './normalize.js';
import { textSchema } from '../text/text.js';

const V = MESSAGES.validation;

export const LOCATION_LIST_MAX_LIMIT = 500;
export const LOCATION_CODIGO_MAX = 10;

export const LOCATION_SCHEMA_MESSAGES = {
  codigoTooLong: `El código no puede exceder los ${LOCATION_CODIGO_MAX} caracteres`,
  activoInvalid: 'El campo activo debe ser verdadero o falso',
  pageInvalid: 'La página debe ser un número entero mayor o igual a 1',
  limitInvalid: `El límite debe ser un número entero entre 1 y ${LOCATION_LIST_MAX_LIMIT}`,
} as const;

const M = LOCATION_SCHEMA_MESSAGES;

/**
 * Name of every location level (SPEC 5). `abort` on the emptiness check keeps "" from also
 * reporting the 2-character minimum.
 */
export const nombreSchema = textSchema({ error: V.nameRequired })
  .overwrite(normalizeName)
  .min(1, { error: V.nameRequired, abort: true })
  .min(LIMITS.name.min, V.nameTooShort)
  .max(LIMITS.name.max, V.nameTooLong);

/** Postal code value (SPEC 5); the form strips as typed, the API strips the same way. */
export const codigoPostalValorSchema = textSchema({ error: V.postalCodeRequired })
  .overwrite((text) => sanitizePostalCodeInput(text).trim().toUpperCase())
  .min(1, { error: V.postalCodeRequired, abort: true })
  .min(LIMITS.postalCode.min, V.postalCodeInvalid)
  .max(LIMITS.postalCode.max, V.postalCodeInvalid);

/** A parent the user must have picked first; "" (an empty select) counts as not picked. */
const parentIdSchema = (message: string) => textSchema({ error: message }).trim().min(1, message);

const codigoSchema = textSchema()
  .trim()
  .toUpperCase()
  .max(LOCATION_CODIGO_MAX, M.codigoTooLong)
  .transform((codigo) => (codigo === '' ? undefined : codigo))
  .optional();

const activoSchema = z.boolean({ error: M.activoInvalid });

export const paisCreateSchema = z.object({ nombre: nombreSchema, codigo: codigoSchema });

export const provinciaCreateSchema = z.object({
  nombre: nombreSchema,
  paisId: parentIdSchema(V.countryFirst),
  codigo: codigoSchema,
});

export const municipioCreateSchema = z.object({
  nombre: nombreSchema,
  provinciaId: parentIdSchema(V.provinceFirst),
  codigo: codigoSchema,
});

export const ciudadCreateSchema = z.object({
  nombre: nombreSchema,
  provinciaId: parentIdSchema(V.provinceFirst),
  municipioId: parentIdSchema(V.municipalityFirst),
});

export const calleCreateSchema = z.object({
  nombre: nombreSchema,
  ciudadId: parentIdSchema(V.cityFirst),
});

export const codigoPostalCreateSchema = z.object({
  valor: codigoPostalValorSchema,
  ciudadId: parentIdSchema(V.cityFirst),
  activo: activoSchema.default(true),
});

/** PUT of a país, provincia, municipio, ciudad or calle (SPEC 7, issue 4): a rename. */
export const locationRenameSchema = z.object({ nombre: nombreSchema, ...versionField });
export const paisUpdateSchema = locationRenameSchema;
export const provinciaUpdateSchema = locationRenameSchema;
export const municipioUpdateSchema = locationRenameSchema;
export const ciudadUpdateSchema = locationRenameSchema;
export const calleUpdateSchema = locationRenameSchema;

export const codigoPostalUpdateSchema = z.object({
  valor: codigoPostalValorSchema.optional(),
  activo: activoSchema.optional(),
  ...versionField,
});

/** A query-string filter; `?nombre=` means no filter rather than "names equal to ''". */
const filterSchema = textSchema()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

export const pageQuerySchema = z.coerce
  .number({ error: M.pageInvalid })
  .int(M.pageInvalid)
  .min(1, M.pageInvalid)
  .default(1);

const locationLimitSchema = z.coerce
  .number({ error: M.limitInvalid })
  .int(M.limitInvalid)
  .min(1, M.limitInvalid)
  .max(LOCATION_LIST_MAX_LIMIT, M.limitInvalid)
  .default(LIMITS.typeahead.perPage);

const paging = { page: pageQuerySchema, limit: locationLimitSchema };

export const paisListQuerySchema = z.object({ nombre: filterSchema, ...paging });
export const provinciaListQuerySchema = z.object({
  nombre: filterSchema,
  paisId: filterSchema,
  ...paging,
});
export const municipioListQuerySchema = z.object({
  nombre: filterSchema,
  provinciaId: filterSchema,
  ...paging,
});
export const ciudadListQuerySchema = z.object({
  nombre: filterSchema,
  provinciaId: filterSchema,
  municipioId: filterSchema,
  ...paging,
});
export const calleListQuerySchema = z.object({
  nombre: filterSchema,
  ciudadId: filterSchema,
  ...paging,
});
export const codigoPostalListQuerySchema = z.object({
  valorParcial: filterSchema,
  ciudadId: filterSchema,
  ...paging,
});

/**
 * Route params of GET/PUT/DELETE /api/localizacion/{level}/{id}. Any text passes: an empty or
 * malformed id is the API's 404 "ID de {entity} inválido" (SPEC 8), not a 400.
 */
export const locationIdParamsSchema = idParamsSchema;

const recordId = z.string().min(1);
/** Every location record carries its version (optimistic concurrency, versiones/). */
const version = z.number().int();

export const paisSchema = z.object({
  _id: recordId,
  nombre: z.string(),
  codigo: z.string().nullable(),
  version,
});
export const provinciaSchema = z.object({
  _id: recordId,
  nombre: z.string(),
  nombreAlternativo: z.string().nullish(),
  paisId: recordId,
  codigo: z.string().nullable(),
  version,
});
export const municipioSchema = z.object({
  _id: recordId,
  nombre: z.string(),
  provinciaId: recordId,
  codigo: z.string().nullable(),
  version,
});
export const ciudadSchema = z.object({
  _id: recordId,
  nombre: z.string(),
  provinciaId: recordId,
  municipioId: recordId,
  version,
});
export const calleSchema = z.object({
  _id: recordId,
  nombre: z.string(),
  ciudadId: recordId,
  version,
});
export const codigoPostalSchema = z.object({
  _id: recordId,
  valor: z.string(),
  ciudadId: recordId,
  activo: z.boolean(),
  version,
});

/** Every /api/localizacion answer (SPEC 7): `{ success, data, message }`. */
export const locationResponse = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), data, message: z.string().optional() });

/** Paging of a location list: no total (counting would cost more than the page itself). */
export const locationListMetaSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});

/** A page of a location list: `{ success, data: [...], meta: { page, limit, hasMore } }`. */
export const locationListResponse = <T extends z.ZodType>(item: T) =>
  z.object({
    success: z.boolean(),
    data: z.array(item),
    meta: locationListMetaSchema,
    message: z.string().optional(),
  });

/**
 * What hangs from a location (GET /api/localizacion/{level}/{id}/dependencias): every level
 * directly below it with its count (zeros included), and how many records (addresses) use it.
 */
export const locationDependenciesSchema = z.object({
  hijos: z.array(z.object({ entidad: z.enum(LOCATION_ENTITIES), total: z.number().int() })),
  usos: z.number().int(),
});

export type Pais = z.infer<typeof paisSchema>;
export type Provincia = z.infer<typeof provinciaSchema>;
export type Municipio = z.infer<typeof municipioSchema>;
export type Ciudad = z.infer<typeof ciudadSchema>;
export type Calle = z.infer<typeof calleSchema>;
export type CodigoPostal = z.infer<typeof codigoPostalSchema>;
export type LocationResponse<T> = { success: boolean; data: T; message?: string | undefined };
export type LocationListMeta = z.infer<typeof locationListMetaSchema>;
export type LocationListResponse<T> = LocationResponse<T[]> & { meta: LocationListMeta };
export type LocationDependencies = z.infer<typeof locationDependenciesSchema>;

/** `…Input` is what a form holds or a client sends; the bare name is what a parse returns. */
export type PaisCreateInput = z.input<typeof paisCreateSchema>;
export type PaisCreate = z.output<typeof paisCreateSchema>;
export type ProvinciaCreateInput = z.input<typeof provinciaCreateSchema>;
export type ProvinciaCreate = z.output<typeof provinciaCreateSchema>;
export type MunicipioCreateInput = z.input<typeof municipioCreateSchema>;
export type MunicipioCreate = z.output<typeof municipioCreateSchema>;
export type CiudadCreateInput = z.input<typeof ciudadCreateSchema>;
export type CiudadCreate = z.output<typeof ciudadCreateSchema>;
export type CalleCreateInput = z.input<typeof calleCreateSchema>;
export type CalleCreate = z.output<typeof calleCreateSchema>;
export type CodigoPostalCreateInput = z.input<typeof codigoPostalCreateSchema>;
export type CodigoPostalCreate = z.output<typeof codigoPostalCreateSchema>;
export type LocationRename = z.output<typeof locationRenameSchema>;
export type CodigoPostalUpdate = z.output<typeof codigoPostalUpdateSchema>;
export type PaisListQuery = z.output<typeof paisListQuerySchema>;
export type ProvinciaListQuery = z.output<typeof provinciaListQuerySchema>;
export type MunicipioListQuery = z.output<typeof municipioListQuerySchema>;
export type CiudadListQuery = z.output<typeof ciudadListQuerySchema>;
export type CalleListQuery = z.output<typeof calleListQuerySchema>;
export type CodigoPostalListQuery = z.output<typeof codigoPostalListQuerySchema>;
