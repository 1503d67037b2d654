// Comercial's public face (comercial.md §2.7): the platform imports its manifest; logística and
// finanzas reach rentals only through the ports exported here.
import {
  alquilerCargos,
  alquileres,
  alquileresTotales,
  alquilerLineas,
  alquilerMovimientos,
  presupuestoLineas,
  presupuestoPlantillas,
  presupuestos,
  presupuestosTotales,
} from './comercial.table.js';

export { comercialRoutes as routes } from './comercial.routes.js';
export const tables = {
  presupuestoPlantillas,
  presupuestos,
  presupuestosTotales,
  presupuestoLineas,
  alquileres,
  alquileresTotales,
  alquilerLineas,
  alquilerMovimientos,
  alquilerCargos,
} as const;

// §2.7 for logística: what it reads of a rental and how it reports each albarán event.
export { alquilerParaLogistica, registrarMovimientoLogistico } from './puertos.js';
export type { EventoLogistico } from './puertos.js';
// §2.7 for finanzas: the billing source `alquiler` (R19).
export { lineasFacturables as lineas, pendientesFacturacion as pendientes } from './puertos.js';
export type { LineaFacturable, PeriodoPendiente } from './puertos.js';
export { demo } from './comercial.demo.js';
export { demoFinal } from './comercial-archivos.demo.js';
// For the benchmark (the tools entry): the §10 volume, and the billing run's query to explain.
export { alquileresFacturables } from './comercial.repository.js';
export {
  seedAlquileresActivos,
  seedVolumenComercial,
  seedVolumenComercialListas,
  volumenComercial,
} from './volumen.repository.js';
export type { VolumenComercial } from './volumen.repository.js';
