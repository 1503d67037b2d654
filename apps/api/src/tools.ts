// `@tvsistema/api/tools`: what the scripts (bulk seed, benchmarks) and the API tests use beyond
// running the API, from the modules' public faces, so no caller reaches into a module's files.
export {
  createLocalizacionRepository,
  LEVELS as LOCATION_LEVELS,
  seedLocationReferenceData,
} from './modules/localizacion/index.js';
export {
  createParteService,
  createPartesRepository,
  parteSearchColumns,
  seedPartes,
} from './modules/partes/index.js';
export type {
  ParteRecord,
  PartesRepository,
  PartesSeedOptions,
  PartesSeedResult,
  ParteService,
} from './modules/partes/index.js';
export {
  comprobarDisponibilidad,
  reservar,
  seedVolumenInventario,
  volumenInventario,
} from './modules/inventario/index.js';
export type { VolumenInventario } from './modules/inventario/index.js';
export {
  refrescarVencimientosFlota,
  seedVolumenFlota,
  volumenFlota,
} from './modules/flota/index.js';
export type { VolumenFlota } from './modules/flota/index.js';
export { seedVolumenObras, volumenObras } from './modules/obras/index.js';
export type { VolumenObras } from './modules/obras/index.js';
export {
  alquileresFacturables,
  seedAlquileresActivos,
  seedVolumenComercial,
  seedVolumenComercialListas,
  volumenComercial,
} from './modules/comercial/index.js';
export type { VolumenComercial } from './modules/comercial/index.js';
export { seedVolumenFinanzas, volumenFinanzas } from './modules/finanzas/index.js';
export type { VolumenFinanzas } from './modules/finanzas/index.js';
export { BackupError, createBackup, restoreBackup } from './backup.js';
export type { BackupManifest } from './backup.js';
export { seedVolumenLogistica, volumenLogistica } from './modules/logistica/index.js';
export type { VolumenLogistica } from './modules/logistica/index.js';
export {
  seedVolumenAlquilerLogistica,
  volumenAlquilerLogistica,
} from './modules/logistica/index.js';
export type { VolumenAlquilerLogistica } from './modules/logistica/index.js';
export {
  escalaDeArgumento,
  esModuloVolumen,
  MODULOS_VOLUMEN,
  sembrarVolumen,
} from './seed-volumen.js';
export type { NombreModuloVolumen } from './seed-volumen.js';
