// Inventario's public face (inventario.md §6.5): the platform imports its manifest; comercial and
// logística reach machines, scaffolding and the availability ledger only through the service
// exported here.
import {
  andamioComponentes,
  andamioMovimientos,
  andamioStock,
  conceptos,
  inventarioBloqueos,
  maquinaDocumentos,
  maquinaHorometros,
  maquinaMantenimientos,
  maquinaRevisiones,
  maquinas,
} from './inventario.table.js';

export { inventarioRoutes as routes } from './inventario.routes.js';
export const tables = {
  maquinas,
  maquinaHorometros,
  maquinaRevisiones,
  maquinaMantenimientos,
  maquinaDocumentos,
  andamioComponentes,
  andamioStock,
  andamioMovimientos,
  conceptos,
  inventarioBloqueos,
} as const;

// §6.5: what comercial calls (each inside its own transaction `tx`).
export {
  ConflictoError,
  comprobarDisponibilidad,
  liberarReservas,
  ocupacion,
  reservar,
  sustituirReservas,
} from './reservas.service.js';
export type { ConflictoLinea, OrigenReserva, RecursoReserva } from './reservas.service.js';
export type { DisponibilidadRespuesta } from '@tvsistema/domain/inventario';

// §6.5: what logística calls.
export {
  articulos,
  registrarDevolucion,
  registrarEntrega,
  revertirAlbaran,
} from './logistica.service.js';
export type { AlbaranRef, Articulo } from './logistica.service.js';
export { demo } from './inventario.demo.js';
// For the benchmark (the tools entry): the §10 volume.
export { seedVolumenInventario, volumenInventario } from './volumen.repository.js';
export type { VolumenInventario } from './volumen.repository.js';
