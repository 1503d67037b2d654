// Every table of the API, for Drizzle's typed queries. drizzle-kit reads the `*.table.ts` files
// directly (drizzle.config.ts); a module adds its tables here as well.
export { appMeta } from './app-meta.table.js';
export {
  paises,
  provincias,
  municipios,
  ciudades,
  calles,
  codigosPostales,
} from '../modules/localizacion/localizacion.table.js';
export { partes, partesRegistros, partesTotales } from '../modules/partes/partes.table.js';
