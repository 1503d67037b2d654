/** The location levels the address picker and its creation modals work with (SPEC 3, 8). */
export const LOCATION_ENTITIES = [
  'pais',
  'provincia',
  'municipio',
  'ciudad',
  'calle',
  'codigoPostal',
] as const;
export type LocationEntity = (typeof LOCATION_ENTITIES)[number];

export const LOCATION_ENTITY_LABELS = {
  pais: 'país',
  provincia: 'provincia',
  municipio: 'municipio',
  ciudad: 'ciudad',
  calle: 'calle',
  codigoPostal: 'código postal',
} as const satisfies Record<LocationEntity, string>;

export const LOCATION_ACTIONS = ['cargar', 'crear', 'actualizar', 'eliminar', 'obtener'] as const;
export type LocationAction = (typeof LOCATION_ACTIONS)[number];

/** What Spanish needs to talk about each level: gender-bearing articles and the plural. */
export const LOCATION_ENTITY_GRAMMAR = {
  pais: { the: 'el', a: 'un', this: 'este', plural: 'países' },
  provincia: { the: 'la', a: 'una', this: 'esta', plural: 'provincias' },
  municipio: { the: 'el', a: 'un', this: 'este', plural: 'municipios' },
  ciudad: { the: 'la', a: 'una', this: 'esta', plural: 'ciudades' },
  calle: { the: 'la', a: 'una', this: 'esta', plural: 'calles' },
  codigoPostal: { the: 'el', a: 'un', this: 'este', plural: 'códigos postales' },
} as const satisfies Record<
  LocationEntity,
  { the: string; a: string; this: string; plural: string }
>;

/** A count of rows of one level that hang from another (the cities screen shows them). */
export type LocationChildCount = { entidad: LocationEntity; total: number };

const countOf = ({ entidad, total }: LocationChildCount): string =>
  `${total} ${total === 1 ? LOCATION_ENTITY_LABELS[entidad] : LOCATION_ENTITY_GRAMMAR[entidad].plural}`;

/** "a", "a y b", "a, b y c". */
const listOf = (parts: readonly string[]): string =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`;

/** Why a location cannot be deleted; empty when nothing blocks it. */
const blockers = (hijos: readonly LocationChildCount[], usos: number): string[] => {
  const children = hijos.filter((child) => child.total > 0).map(countOf);
  return [
    ...(children.length > 0 ? [`tiene ${listOf(children)}`] : []),
    ...(usos > 0 ? [`está en uso en ${usos} ${usos === 1 ? 'dirección' : 'direcciones'}`] : []),
  ];
};

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The location texts of SPEC 8 (MESSAGES.localizacion). */
export const LOCALIZACION_MESSAGES = {
  actionFailed: (action: LocationAction, entity: LocationEntity): string =>
    `Error al ${action} ${LOCATION_ENTITY_LABELS[entity]}`,
  unknownError: 'Error desconocido',
  invalidId: (entity: LocationEntity): string => `ID de ${LOCATION_ENTITY_LABELS[entity]} inválido`,
  // SPEC 8 gives one template, "X "nombre" creado exitosamente", for every level.
  created: (entity: LocationEntity, nombre: string): string =>
    `${capitalize(LOCATION_ENTITY_LABELS[entity])} "${nombre}" creado exitosamente`,
  updated: (entity: LocationEntity, nombre: string): string =>
    `${capitalize(LOCATION_ENTITY_LABELS[entity])} "${nombre}" actualizado exitosamente`,
  deleted: (entity: LocationEntity, nombre: string): string =>
    `${capitalize(LOCATION_ENTITY_LABELS[entity])} "${nombre}" eliminado exitosamente`,
  /** 409 of a name (or postal code) that already exists under the same parent. */
  duplicate: (entity: LocationEntity, nombre: string, parent: LocationEntity | null): string =>
    `Ya existe ${LOCATION_ENTITY_GRAMMAR[entity].a} ${LOCATION_ENTITY_LABELS[entity]} "${nombre}"` +
    (parent ? ` en ${LOCATION_ENTITY_GRAMMAR[parent].this} ${LOCATION_ENTITY_LABELS[parent]}` : ''),
  municipioOutsideProvincia: 'El municipio no pertenece a la provincia seleccionada',
  /** 409 of a deletion that would orphan children or addresses; says what blocks it. */
  notDeletable: (
    entity: LocationEntity,
    nombre: string,
    hijos: readonly LocationChildCount[],
    usos: number,
  ): string => {
    const reasons = blockers(hijos, usos);
    return (
      `No se puede eliminar ${LOCATION_ENTITY_GRAMMAR[entity].the} ${LOCATION_ENTITY_LABELS[entity]} "${nombre}"` +
      (reasons.length > 0 ? `: ${reasons.join(', y ')}.` : ': está en uso.')
    );
  },
} as const;
