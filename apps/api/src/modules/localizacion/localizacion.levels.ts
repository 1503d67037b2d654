import { MESSAGES } from '@tvsistema/domain/messages';
import { normalizeSearchText, sanitizePostalCodeInput } from '@tvsistema/domain/localizacion';
import type { LocationEntity } from '@tvsistema/domain/localizacion';

// The six levels of the location hierarchy as data, so one repository, service and set of routes
// serve them all. Their SQL (tables, columns, order) is the repository's (LEVEL_SQL).

const V = MESSAGES.validation;

export type ParentField = 'paisId' | 'provinciaId' | 'municipioId' | 'ciudadId';

/** A parent: the body/query field that names it and the SPEC 5 "choose it first" message. */
export type ParentRef = {
  field: ParentField;
  entity: LocationEntity;
  /** The foreign key's name, to tell which parent an insert found missing. */
  foreignKey: string;
  missingMessage: string;
};

export type LevelDefinition = {
  /** URL segment under /api/localizacion. */
  path: string;
  entity: LocationEntity;
  parents: readonly ParentRef[];
  /** The level a name is unique under, for the 409 message (null: unique overall). */
  uniqueUnder: LocationEntity | null;
  search: {
    /** The query-string parameter of the text filter. */
    param: 'nombre' | 'valorParcial';
    normalize: (text: string) => string;
  };
  /** Columns a create may set besides the parents and the name (`codigo`, `valor`, `activo`). */
  extraFields: readonly ('codigo' | 'valor' | 'activo')[];
};

const pais: ParentRef = {
  field: 'paisId',
  entity: 'pais',
  foreignKey: 'provincias_pais_id_paises_id_fk',
  missingMessage: V.countryFirst,
};
const provincia = (table: 'municipios' | 'ciudades'): ParentRef => ({
  field: 'provinciaId',
  entity: 'provincia',
  foreignKey: `${table}_provincia_id_provincias_id_fk`,
  missingMessage: V.provinceFirst,
});
const municipio: ParentRef = {
  field: 'municipioId',
  entity: 'municipio',
  foreignKey: 'ciudades_municipio_id_municipios_id_fk',
  missingMessage: V.municipalityFirst,
};
const ciudad = (table: 'calles' | 'codigos_postales'): ParentRef => ({
  field: 'ciudadId',
  entity: 'ciudad',
  foreignKey: `${table}_ciudad_id_ciudades_id_fk`,
  missingMessage: V.cityFirst,
});

const byName = { param: 'nombre' as const, normalize: normalizeSearchText };

export const LEVELS = {
  paises: {
    path: 'paises',
    entity: 'pais',
    parents: [],
    uniqueUnder: null,
    search: byName,
    extraFields: ['codigo'],
  },
  provincias: {
    path: 'provincias',
    entity: 'provincia',
    parents: [pais],
    uniqueUnder: 'pais',
    // "islas baleares" finds the province officially named "ILLES BALEARS" (LEVEL_SQL).
    search: byName,
    extraFields: ['codigo'],
  },
  municipios: {
    path: 'municipios',
    entity: 'municipio',
    parents: [provincia('municipios')],
    uniqueUnder: 'provincia',
    search: byName,
    extraFields: ['codigo'],
  },
  ciudades: {
    path: 'ciudades',
    entity: 'ciudad',
    parents: [provincia('ciudades'), municipio],
    uniqueUnder: 'municipio',
    search: byName,
    extraFields: [],
  },
  calles: {
    path: 'calles',
    entity: 'calle',
    parents: [ciudad('calles')],
    uniqueUnder: 'ciudad',
    search: byName,
    extraFields: [],
  },
  codigosPostales: {
    path: 'codigos-postales',
    entity: 'codigoPostal',
    parents: [ciudad('codigos_postales')],
    uniqueUnder: 'ciudad',
    search: {
      param: 'valorParcial',
      normalize: (text) => sanitizePostalCodeInput(text).trim().toUpperCase(),
    },
    extraFields: ['valor', 'activo'],
  },
} as const satisfies Record<string, LevelDefinition>;

export type LevelKey = keyof typeof LEVELS;
