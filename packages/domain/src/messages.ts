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
  localizacion: {
    actionFailed: (action: LocationAction, entity: LocationEntity): string =>
      `Error al ${action} ${LOCATION_ENTITY_LABELS[entity]}`,
    unknownError: 'Error desconocido',
    invalidId: (entity: LocationEntity): string =>
      `ID de ${LOCATION_ENTITY_LABELS[entity]} inválido`,
    // SPEC 8 gives one template, "X "nombre" creado exitosamente", for every level.
    created: (entity: LocationEntity, nombre: string): string =>
      `${capitalize(LOCATION_ENTITY_LABELS[entity])} "${nombre}" creado exitosamente`,
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
