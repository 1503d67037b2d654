import {
  LOCATION_ENTITY_LABELS,
  type Calle,
  type Ciudad,
  type CodigoPostal,
  type LocationEntity,
  type Municipio,
  type Pais,
  type Provincia,
} from '@tvsistema/domain';

/** The six levels of the hierarchy (SPEC 3), named as the domain and `Direccion` name them. */
export type LocationLevel = LocationEntity;

export type LocationRecordMap = {
  pais: Pais;
  provincia: Provincia;
  municipio: Municipio;
  ciudad: Ciudad;
  calle: Calle;
  codigoPostal: CodigoPostal;
};
export type LocationRecord<L extends LocationLevel = LocationLevel> = LocationRecordMap[L];

/** The parent ids a list can be filtered by (SPEC 7). */
export type ParentFilterKey = 'paisId' | 'provinciaId' | 'municipioId' | 'ciudadId';
export type LocationFilters = Partial<Record<ParentFilterKey, string>>;

type LevelInfo = {
  /** Path segment under /api/localizacion. */
  segment: string;
  /** Query parameter of the partial, accent-insensitive search. */
  searchParam: 'nombre' | 'valorParcial';
  /** Parent ids the list endpoint filters by, and that a creation needs. */
  parents: readonly ParentFilterKey[];
  singular: string;
  plural: string;
  /** "Nuevo país", "Nueva provincia": Spanish gender decides the adjective. */
  newLabel: string;
  feminine: boolean;
};

export const LEVELS = {
  pais: {
    segment: 'paises',
    searchParam: 'nombre',
    parents: [],
    singular: LOCATION_ENTITY_LABELS.pais,
    plural: 'países',
    newLabel: 'Nuevo país',
    feminine: false,
  },
  provincia: {
    segment: 'provincias',
    searchParam: 'nombre',
    parents: ['paisId'],
    singular: LOCATION_ENTITY_LABELS.provincia,
    plural: 'provincias',
    newLabel: 'Nueva provincia',
    feminine: true,
  },
  municipio: {
    segment: 'municipios',
    searchParam: 'nombre',
    parents: ['provinciaId'],
    singular: LOCATION_ENTITY_LABELS.municipio,
    plural: 'municipios',
    newLabel: 'Nuevo municipio',
    feminine: false,
  },
  ciudad: {
    segment: 'ciudades',
    searchParam: 'nombre',
    parents: ['provinciaId', 'municipioId'],
    singular: LOCATION_ENTITY_LABELS.ciudad,
    plural: 'ciudades',
    newLabel: 'Nueva ciudad',
    feminine: true,
  },
  calle: {
    segment: 'calles',
    searchParam: 'nombre',
    parents: ['ciudadId'],
    singular: LOCATION_ENTITY_LABELS.calle,
    plural: 'calles',
    newLabel: 'Nueva calle',
    feminine: true,
  },
  codigoPostal: {
    segment: 'codigos-postales',
    searchParam: 'valorParcial',
    parents: ['ciudadId'],
    singular: LOCATION_ENTITY_LABELS.codigoPostal,
    plural: 'códigos postales',
    newLabel: 'Nuevo código postal',
    feminine: false,
  },
} as const satisfies Record<LocationLevel, LevelInfo>;

export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The label a user reads for a record: its name, or the value of a postal code. */
export const recordLabel = (record: LocationRecord): string =>
  'valor' in record ? record.valor : record.nombre;

/** "1 provincia", "52 provincias", "8.132 municipios" (es-ES grouping). */
export const countLabel = (total: number, singular: string, plural: string): string =>
  `${total.toLocaleString('es-ES')} ${total === 1 ? singular : plural}`;
