// The party module's public face (suppliers and clients): the platform and the tools entry import
// this file only.
import { partes, partesRegistros, partesTotales } from './partes.table.js';

export { partesRoutes as routes } from './partes.routes.js';
export const tables = { partes, partesTotales, partesRegistros } as const;

// For the bulk seed and the benchmark (the tools entry): the service as the routes run it.
export { createPartesRepository } from './partes.repository.js';
export type { PartesRepository } from './partes.repository.js';
export { createParteService } from './partes.service.js';
export type { ParteRecord, ParteService } from './partes.service.js';
export { parteSearchColumns } from './partes-search.js';
export {
  coincideBusqueda,
  coincideBusquedaDe,
  columnasCliente,
  indiceBusqueda,
} from './cliente-copia.table.js';
export { seedPartes } from './partes.seed.js';
export { demo } from './partes.demo.js';
export type { PartesSeedOptions, PartesSeedResult } from './partes.seed.js';
