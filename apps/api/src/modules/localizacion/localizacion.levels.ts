import { MESSAGES } from '@tvsistema/domain/messages';
import { normalizeSearchText, sanitizePostalCodeInput } from '@tvsistema/domain/localizacion';
import type { LocationEntity } from '@tvsistema/domain/localizacion';

// The six levels of the location hierarchy as data, so one repository, service and set of routes
// serve them all. Table and column names here are static SQL identifiers, never user input.

const V = MESSAGES.validation;

export const LOCATION_TABLES = [
  'paises',
  'provincias',
  'municipios',
  'ciudades',
  'calles',
  'codigos_postales',
] as const;
export type LocationTable = (typeof LOCATION_TABLES)[number];

/** A parent column: the body/query field that names it and the SPEC 5 "choose it first" message. */
export type ParentRef = {
  field: 'paisId' | 'provinciaId' | 'municipioId' | 'ciudadId';
  column: string;
  entity: LocationEntity;
  /** The foreign key's name, to tell which parent an insert found missing. */
  foreignKey: string;
  missingMessage: string;
};

export type LevelDefinition = {
  /** URL segment under /api/localizacion. */
  path: string;
  entity: LocationEntity;
  table: LocationTable;
  /** The select list that makes the API record (`_id` plus the fields of the domain schema). */
  columns: string;
  parents: readonly ParentRef[];
  /** The level a name is unique under, for the 409 message (null: unique overall). */
  uniqueUnder: LocationEntity | null;
  search: {
    /** The query-string parameter of the text filter. */
    param: 'nombre' | 'valorParcial';
    /** Columns compared (partial, LIKE) with the normalised text. */
    columns: readonly string[];
    normalize: (text: string) => string;
  };
  /** Alphabetical order, then a unique key so pages never overlap. */
  orderBy: string;
  /** Columns a create may set besides the parents and the name (`codigo`, `valor`, `activo`). */
  extraFields: readonly ('codigo' | 'valor' | 'activo')[];
};

const pais: ParentRef = {
  field: 'paisId',
  column: 'pais_id',
  entity: 'pais',
  foreignKey: 'provincias_pais_id_paises_id_fk',
  missingMessage: V.countryFirst,
};
const provincia = (table: 'municipios' | 'ciudades'): ParentRef => ({
  field: 'provinciaId',
  column: 'provincia_id',
  entity: 'provincia',
  foreignKey: `${table}_provincia_id_provincias_id_fk`,
  missingMessage: V.provinceFirst,
});
const municipio: ParentRef = {
  field: 'municipioId',
  column: 'municipio_id',
  entity: 'municipio',
  foreignKey: 'ciudades_municipio_id_municipios_id_fk',
  missingMessage: V.municipalityFirst,
};
const ciudad = (table: 'calles' | 'codigos_postales'): ParentRef => ({
  field: 'ciudadId',
  column: 'ciudad_id',
  entity: 'ciudad',
  foreignKey: `${table}_ciudad_id_ciudades_id_fk`,
  missingMessage: V.cityFirst,
});

const byName = (columns: readonly string[] = ['nombre_busqueda']) => ({
  param: 'nombre' as const,
  columns,
  normalize: normalizeSearchText,
});
const NAME_ORDER = 'nombre_busqueda collate "C", nombre collate "C", id';

export const LEVELS = {
  paises: {
    path: 'paises',
    entity: 'pais',
    table: 'paises',
    columns: 'id::text as "_id", nombre, codigo',
    parents: [],
    uniqueUnder: null,
    search: byName(),
    orderBy: NAME_ORDER,
    extraFields: ['codigo'],
  },
  provincias: {
    path: 'provincias',
    entity: 'provincia',
    table: 'provincias',
    columns:
      'id::text as "_id", nombre, nombre_alternativo as "nombreAlternativo", pais_id::text as "paisId", codigo',
    parents: [pais],
    uniqueUnder: 'pais',
    // "islas baleares" finds the province officially named "ILLES BALEARS".
    search: byName(['nombre_busqueda', 'nombre_alternativo_busqueda']),
    orderBy: NAME_ORDER,
    extraFields: ['codigo'],
  },
  municipios: {
    path: 'municipios',
    entity: 'municipio',
    table: 'municipios',
    columns: 'id::text as "_id", nombre, provincia_id::text as "provinciaId", codigo',
    parents: [provincia('municipios')],
    uniqueUnder: 'provincia',
    search: byName(),
    orderBy: NAME_ORDER,
    extraFields: ['codigo'],
  },
  ciudades: {
    path: 'ciudades',
    entity: 'ciudad',
    table: 'ciudades',
    columns:
      'id::text as "_id", nombre, provincia_id::text as "provinciaId", municipio_id::text as "municipioId"',
    parents: [provincia('ciudades'), municipio],
    uniqueUnder: 'municipio',
    search: byName(),
    orderBy: NAME_ORDER,
    extraFields: [],
  },
  calles: {
    path: 'calles',
    entity: 'calle',
    table: 'calles',
    columns: 'id::text as "_id", nombre, ciudad_id::text as "ciudadId"',
    parents: [ciudad('calles')],
    uniqueUnder: 'ciudad',
    search: byName(),
    orderBy: NAME_ORDER,
    extraFields: [],
  },
  codigosPostales: {
    path: 'codigos-postales',
    entity: 'codigoPostal',
    table: 'codigos_postales',
    columns: 'id::text as "_id", valor, ciudad_id::text as "ciudadId", activo',
    parents: [ciudad('codigos_postales')],
    uniqueUnder: 'ciudad',
    search: {
      param: 'valorParcial',
      columns: ['valor'],
      normalize: (text) => sanitizePostalCodeInput(text).trim().toUpperCase(),
    },
    orderBy: 'valor collate "C", id',
    extraFields: ['valor', 'activo'],
  },
} as const satisfies Record<string, LevelDefinition>;

export type LevelKey = keyof typeof LEVELS;

/** Which level a table of this module holds (tables of other modules are "uses"). */
export const ENTITY_OF_TABLE: Readonly<Record<LocationTable, LocationEntity>> = {
  paises: 'pais',
  provincias: 'provincia',
  municipios: 'municipio',
  ciudades: 'ciudad',
  calles: 'calle',
  codigos_postales: 'codigoPostal',
};

export const isLocationTable = (name: string): name is LocationTable =>
  (LOCATION_TABLES as readonly string[]).includes(name);
