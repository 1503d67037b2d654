import { LOCALIZACION_MESSAGES } from './localizacion/location-messages.js';
import { CLIENTES_MESSAGES, PROVEEDORES_MESSAGES } from './partes/parte-messages.js';

// Each module's texts live beside its schemas (localizacion/, partes/); the catalogue gathers them
// so `MESSAGES.proveedores`, `MESSAGES.localizacion`… keep working everywhere.
export {
  LOCATION_ACTIONS,
  LOCATION_ENTITIES,
  LOCATION_ENTITY_GRAMMAR,
  LOCATION_ENTITY_LABELS,
} from './localizacion/location-messages.js';
export type {
  LocationAction,
  LocationChildCount,
  LocationEntity,
} from './localizacion/location-messages.js';

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
  proveedores: PROVEEDORES_MESSAGES,
  clientes: CLIENTES_MESSAGES,
  localizacion: LOCALIZACION_MESSAGES,
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
  // SPEC 8 names the library's English defaults; users read the Spanish equivalents (issue 14).
  typeahead: {
    emptyLabel: 'No se encontraron resultados.',
    searchText: 'Cargando…',
  },
  loading: {
    default: 'Cargando...',
    authentication: 'Verificando autenticación...',
    user: 'Cargando datos del usuario...',
  },
} as const;
