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

/**
 * The message catalogue of SPEC 8 (plus the validation texts of SPEC 5 and the guard's loading
 * texts of SPEC 2.5). Templates are functions so callers cannot misspell the fixed part.
 */
export const MESSAGES = {
  identity: {
    invalidState: 'Invalid state',
    timeout: 'Timeout when executing fetch',
    loginFailed: 'Login failed',
    getAccessTokenFailed: 'Get access token failed',
    httpError: (url: string): string => `HTTP error. Unable to fetch ${url}`,
  },
  product: {
    getAccessTokenUnavailable: 'getAccessTokenSilently no está disponible',
    loginUnavailable: 'loginWithRedirect no está disponible',
    logoutUnavailable: 'logout no está disponible',
    tokenProblem: 'Problema con el token de autenticación. Cerrando sesión...',
    useSystemOutsideProvider: 'useSystem debe ser usado dentro de un SystemProvider',
    useAuthContextOutsideProvider: 'useAuthContext debe ser usado dentro de un AuthProvider',
  },
  selection: {
    noRoles: 'Tu usuario no tiene roles asignados. Contacta al administrador.',
    availableSystemsFailed: 'Error obteniendo sistemas disponibles',
    permissionsCheckFailed: 'Error verificando permisos de usuario',
    noPermissionFor: (system: string): string => `No tienes permisos para acceder a ${system}`,
    selectFailed: 'Error al seleccionar el sistema. Por favor, inténtalo de nuevo.',
    noPermissionForSystem: (system: string): string =>
      `No tienes permisos para acceder al sistema de ${system}`,
    switchFailed: 'Error al cambiar',
    loadFailed: 'Error cargando sistemas',
    retry: 'Reintentar',
  },
  http: {
    unauthorized: 'Error de autenticación',
    tokenExpired: 'El token de autenticación ha expirado',
    noConnection: 'No hay conexión con el servidor. Verifique su red e intente nuevamente.',
  },
  proveedores: {
    listFailed: 'No se pudo cargar proveedores',
    noActiveSystem: 'No hay un sistema activo seleccionado',
    invalidData: 'Datos inválidos',
    createFailed: 'Ocurrió un error al guardar.',
    updateFailed: 'Ocurrió un error al guardar los cambios.',
    invalidId: 'Identificador de proveedor inválido.',
    loadFailed: 'No se pudo cargar la información del proveedor.',
    duplicateDocumento: 'Ya existe un proveedor con este documento en esta empresa',
  },
  // Clients are not in SPEC 8: the supplier texts, naming the client (DESIGN decision 1).
  clientes: {
    listFailed: 'No se pudo cargar clientes',
    invalidId: 'Identificador de cliente inválido.',
    loadFailed: 'No se pudo cargar la información del cliente.',
  },
  localizacion: {
    actionFailed: (action: LocationAction, entity: LocationEntity): string =>
      `Error al ${action} ${LOCATION_ENTITY_LABELS[entity]}`,
    unknownError: 'Error desconocido',
    invalidId: (entity: LocationEntity): string =>
      `ID de ${LOCATION_ENTITY_LABELS[entity]} inválido`,
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
      (parent
        ? ` en ${LOCATION_ENTITY_GRAMMAR[parent].this} ${LOCATION_ENTITY_LABELS[parent]}`
        : ''),
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
  },
  validation: {
    nameRequired: 'El nombre es obligatorio',
    nameTooShort: 'El nombre debe tener al menos 2 caracteres',
    nameTooLong: 'El nombre no puede exceder los 100 caracteres',
    countryFirst: 'Debe seleccionar un país primero',
    provinceFirst: 'Debe seleccionar una provincia primero',
    municipalityFirst: 'Debe seleccionar un municipio primero',
    cityFirst: 'Debe seleccionar una ciudad primero',
    postalCodeRequired: 'El código postal es obligatorio',
    postalCodeInvalid:
      'Debe tener al menos 3 caracteres y solo puede incluir letras, números, espacios o guiones',
    empresaRequired: 'La empresa es obligatoria',
    documentoInvalid: 'Documento inválido (5-30, A-Z, 0-9, -, .)',
  },
  typeahead: {
    emptyLabel: 'No matches found.',
    searchText: 'Loading...',
  },
  loading: {
    default: 'Cargando...',
    authentication: 'Verificando autenticación...',
    user: 'Cargando datos del usuario...',
  },
} as const;
