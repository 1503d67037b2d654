// Flota's public face (flota-obras.md §2.6): the platform imports its manifest; logística reaches
// vehicles only through `camionesParaAlbaran` exported here.
import {
  camionAsignaciones,
  camionDocumentos,
  camiones,
  camionItv,
  camionLecturasKm,
  camionMantenimientos,
  camionVencimientos,
  conductores,
} from './flota.table.js';

export { flotaRoutes as routes } from './flota.routes.js';
export const tables = {
  conductores,
  camiones,
  camionItv,
  camionMantenimientos,
  camionLecturasKm,
  camionAsignaciones,
  camionDocumentos,
  camionVencimientos,
} as const;
export { camionesParaAlbaran, refrescarVencimientosFlota } from './camiones.service.js';
export { demo } from './flota.demo.js';
// For the benchmark (the tools entry): the §10 volume.
export { seedVolumenFlota, volumenFlota } from './volumen.repository.js';
export type { VolumenFlota } from './volumen.repository.js';
