// Logística's public face (logistica.md): the platform imports its manifest; finanzas reaches
// transport albaranes only through the billing source exported here.
import {
  albaranAsignaciones,
  albaranes,
  albaranesTotales,
  albaranFirmas,
  albaranLineas,
  albaranLotes,
} from './logistica.table.js';
import {
  albaranImportaciones,
  albaranImportacionFilas,
  albaranMapeos,
} from './importacion.table.js';

export { logisticaRoutes as routes } from './logistica.routes.js';
export { demo } from './logistica.demo.js';
export const tables = {
  albaranes,
  albaranesTotales,
  albaranLineas,
  albaranLotes,
  albaranAsignaciones,
  albaranFirmas,
  albaranImportaciones,
  albaranImportacionFilas,
  albaranMapeos,
} as const;

// finanzas.md §2: the billing source `albaran` (transport albaranes); the lead wires it at merge.
export { fuenteAlbaran } from './fuente-albaran.js';
// For the benchmark (the tools entry): the §10 volume.
export { seedVolumenLogistica, volumenLogistica } from './volumen.repository.js';
export type { VolumenLogistica } from './volumen.repository.js';
export {
  seedVolumenAlquilerLogistica,
  volumenAlquilerLogistica,
} from './volumen-alquiler.repository.js';
export type { VolumenAlquilerLogistica } from './volumen-alquiler.repository.js';
// Scenario 13's test hook: make the insert of a given row of a confirmed import fail.
export { inyectarFalloImportacion } from './importacion.service.js';
