// The location module's public face: other modules, the platform and the tools entry import this
// file only.
import {
  calles,
  ciudades,
  codigosPostales,
  municipios,
  paises,
  provincias,
} from './localizacion.table.js';

export { localizacionRoutes as routes } from './localizacion.routes.js';
export const tables = {
  paises,
  provincias,
  municipios,
  ciudades,
  calles,
  codigosPostales,
} as const;

// The address, for every module that stores one.
export { direccionVanishedError, validateDireccion } from './direccion.service.js';
export type { DireccionCheck } from './direccion.service.js';
export { direccionColumnName, direccionColumns, direccionValuesOf } from './direccion.table.js';
export type { DireccionColumns, DireccionValues } from './direccion.table.js';
export { direccionBreveJsonSql, direccionJsonSql } from './direccion.repository.js';
export { crearDireccionDemo, direccionDemo } from './direccion-demo.repository.js';
export type { DireccionDemo } from './direccion-demo.repository.js';

// Spain's reference data, loaded at start-up.
export {
  LOCATIONS_ES_DIR,
  LOCATIONS_ES_META_KEY,
  readLocationReferenceData,
  seedLocationReferenceData,
} from './reference-data.js';
export type { SeedResult } from './reference-data.js';

// The location search as the API runs it, for the benchmark's direct-SQL baseline.
export { LEVELS } from './localizacion.levels.js';
export { createLocalizacionRepository } from './localizacion.repository.js';
