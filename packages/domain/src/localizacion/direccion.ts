import { z } from '../zod-es.js';
import { MESSAGES } from '../messages.js';
import { LOCATION_ENTITIES, type LocationEntity } from './location-messages.js';
import { textSchema } from '../text/text.js';

// The structured Spanish address of SPEC 3 (DESIGN decision 2), shared by suppliers, clients and
// later works and deliveries. The client sends the ids; the server checks that each level belongs
// to the one above and answers with the ids and the current names of every level.

/** The address levels are the location levels, top-down. */
export const DIRECCION_LEVELS = LOCATION_ENTITIES;
export type DireccionLevel = LocationEntity;

export const DIRECCION_LIMITS = {
  alturaMax: 99_999,
  plantaMax: 20,
  localMax: 20,
  observacionMax: 500,
} as const;

export const DIRECCION_MESSAGES = {
  alturaInvalid: `La altura debe ser un número entero entre 0 y ${DIRECCION_LIMITS.alturaMax}`,
  plantaTooLong: `La planta no puede exceder los ${DIRECCION_LIMITS.plantaMax} caracteres`,
  localTooLong: `El local no puede exceder los ${DIRECCION_LIMITS.localMax} caracteres`,
  observacionTooLong: `La observación de la dirección no puede exceder los ${DIRECCION_LIMITS.observacionMax} caracteres`,
} as const;

const V = MESSAGES.validation;

/**
 * The API's answers to an address whose levels do not fit (SPEC 4.7), per level: a chosen level
 * that does not exist, one chosen without its parent, one under another parent.
 */
export const DIRECCION_CHECK_MESSAGES = {
  notFound: {
    pais: 'El país seleccionado no existe',
    provincia: 'La provincia seleccionada no existe',
    municipio: 'El municipio seleccionado no existe',
    ciudad: 'La ciudad seleccionada no existe',
    calle: 'La calle seleccionada no existe',
    codigoPostal: 'El código postal seleccionado no existe',
  },
  parentMissing: {
    pais: '',
    provincia: V.countryFirst,
    municipio: V.provinceFirst,
    ciudad: V.municipalityFirst,
    calle: V.cityFirst,
    codigoPostal: V.cityFirst,
  },
  wrongParent: {
    pais: '',
    provincia: 'La provincia no pertenece al país seleccionado',
    municipio: 'El municipio no pertenece a la provincia seleccionada',
    ciudad: 'La ciudad no pertenece al municipio seleccionado',
    calle: 'La calle no pertenece a la ciudad seleccionada',
    codigoPostal: 'El código postal no pertenece a la ciudad seleccionada',
  },
  /** A level deleted between the check and the write (the foreign key refused it). */
  vanished: 'Una de las ubicaciones seleccionadas ya no existe',
} as const satisfies Record<
  'notFound' | 'parentMissing' | 'wrongParent',
  Record<LocationEntity, string>
> & { vanished: string };

const optionalId = textSchema()
  .trim()
  .transform((value) => (value === '' ? null : value))
  .nullish()
  .transform((value) => value ?? null);

const optionalText = (max: number, message: string) =>
  textSchema()
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null);

/** What a form sends: ids of the chosen levels plus the free fields. Names, if sent, are ignored. */
export const direccionInputSchema = z.object({
  paisId: optionalId,
  provinciaId: optionalId,
  municipioId: optionalId,
  ciudadId: optionalId,
  calleId: optionalId,
  codigoPostalId: optionalId,
  altura: z
    .number({ error: DIRECCION_MESSAGES.alturaInvalid })
    .int(DIRECCION_MESSAGES.alturaInvalid)
    .min(0, DIRECCION_MESSAGES.alturaInvalid)
    .max(DIRECCION_LIMITS.alturaMax, DIRECCION_MESSAGES.alturaInvalid)
    .nullish()
    .transform((value) => value ?? null),
  planta: optionalText(DIRECCION_LIMITS.plantaMax, DIRECCION_MESSAGES.plantaTooLong),
  local: optionalText(DIRECCION_LIMITS.localMax, DIRECCION_MESSAGES.localTooLong),
  observacion: optionalText(DIRECCION_LIMITS.observacionMax, DIRECCION_MESSAGES.observacionTooLong),
});

/** What the API answers: every id with its current name (null when the level is not chosen). */
export const direccionSchema = z.object({
  paisId: z.string().nullable(),
  pais: z.string().nullable(),
  provinciaId: z.string().nullable(),
  provincia: z.string().nullable(),
  municipioId: z.string().nullable(),
  municipio: z.string().nullable(),
  ciudadId: z.string().nullable(),
  ciudad: z.string().nullable(),
  calleId: z.string().nullable(),
  calle: z.string().nullable(),
  codigoPostalId: z.string().nullable(),
  codigoPostal: z.string().nullable(),
  altura: z.number().int().nullable(),
  planta: z.string().nullable(),
  local: z.string().nullable(),
  observacion: z.string().nullable(),
});

export type DireccionInput = z.input<typeof direccionInputSchema>;
export type DireccionParsed = z.output<typeof direccionInputSchema>;
export type Direccion = z.output<typeof direccionSchema>;

/** An address with nothing chosen: every field of direccionSchema null. */
export const EMPTY_DIRECCION: Direccion = Object.fromEntries(
  Object.keys(direccionSchema.shape).map((key) => [key, null]),
) as Direccion;

/** The address fields as the address card and the CSV export name them (SPEC 2.13). */
export const DIRECCION_FIELD_LABELS = {
  pais: 'País',
  provincia: 'Provincia',
  municipio: 'Municipio',
  ciudad: 'Ciudad',
  calle: 'Calle',
  codigoPostal: 'Código postal',
  altura: 'Número',
  planta: 'Planta',
  local: 'Local',
  observacion: 'Observación',
} as const satisfies Record<DireccionLevel | 'altura' | 'planta' | 'local' | 'observacion', string>;

/** The parent each level needs (SPEC 4.7): a chosen level without its parent is inconsistent. */
export const DIRECCION_PARENT: Readonly<Record<DireccionLevel, DireccionLevel | null>> = {
  pais: null,
  provincia: 'pais',
  municipio: 'provincia',
  ciudad: 'municipio',
  calle: 'ciudad',
  codigoPostal: 'ciudad',
};

/** The id field of each address level (`paisId`, …, `codigoPostalId`). */
export type DireccionIdKey = `${DireccionLevel}Id`;
export type DireccionIds = { [K in DireccionIdKey]: string | null };

export const direccionIdKey = <L extends DireccionLevel>(level: L): `${L}Id` => `${level}Id`;

/**
 * The one mapping from an address (as shown or as parsed) to what is stored and sent: the ids of
 * every level and the free fields, never the names (the server fills those in from the ids).
 * Form payloads and the API's services both use it, so a new level or field is added once.
 */
export const direccionIdsOf = (direccion: Partial<DireccionIds> | null | undefined): DireccionIds =>
  Object.fromEntries(
    DIRECCION_LEVELS.map((level) => [
      direccionIdKey(level),
      direccion?.[direccionIdKey(level)] ?? null,
    ]),
  ) as DireccionIds;

/** Ids plus the free fields (altura, planta, local, observacion), blank texts as null. */
export const direccionInputOf = (direccion: Direccion | DireccionParsed): DireccionParsed => {
  const text = (value: string | null) =>
    value === null || value.trim() === '' ? null : value.trim();
  return {
    ...direccionIdsOf(direccion),
    altura: direccion.altura,
    planta: text(direccion.planta),
    local: text(direccion.local),
    observacion: text(direccion.observacion),
  };
};
