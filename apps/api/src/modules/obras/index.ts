// Obras' public face (flota-obras.md part B): the platform imports its manifest; nothing else
// reaches works, operarios or daily work reports from another module.
import {
  obraDocumentos,
  obraEquipo,
  obras,
  obrasTotales,
  operarioCertificaciones,
  operarios,
  parteTrabajoFotos,
  parteTrabajoOperarios,
  partesTrabajo,
} from './obras.table.js';

export { obrasRoutes as routes } from './obras.routes.js';
export const tables = {
  obras,
  obrasTotales,
  operarios,
  operarioCertificaciones,
  obraEquipo,
  obraDocumentos,
  partesTrabajo,
  parteTrabajoOperarios,
  parteTrabajoFotos,
} as const;
export { demo } from './obras.demo.js';
// For the benchmark (the tools entry): the §10 volume (a connection pool shares no temp table,
// hence plain tables, dropped at the end).
export { seedVolumenObras, volumenObras } from './volumen.repository.js';
export type { VolumenObras } from './volumen.repository.js';
