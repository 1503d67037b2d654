// Finanzas (modules/finanzas.md). Today its first piece: the empresas' legal data (emisores),
// read by every document's letterhead through `datosEmisor`.
import { emisores } from './emisores.table.js';
import {
  cobros,
  compras,
  condicionesFacturacion,
  facturaOrigenes,
  facturas,
  facturasSumas,
  pagos,
  verifactuCadenas,
  verifactuEnvios,
  verifactuRegistros,
} from './facturas.table.js';

export { finanzasRoutes as routes } from './finanzas.routes.js';
export const tables = {
  emisores,
  facturas,
  facturasSumas,
  cobros,
  facturaOrigenes,
  verifactuRegistros,
  verifactuCadenas,
  verifactuEnvios,
  compras,
  pagos,
  condicionesFacturacion,
} as const;

export { datosEmisor, emisorPorDefecto } from './emisores.service.js';
export { demo, demoFinal } from './finanzas.demo.js';
// What is invoiced of an alquiler or albarán (the view facturacion_origenes_v of finanzas.md §2).
export { basesFacturadas, facturacionDeOrigenes, periodosFacturados } from './facturados.js';
export type { PeriodoFacturado } from './facturados.js';
// For the benchmark (the tools entry): the §10 volume.
export { seedVolumenFinanzas, volumenFinanzas } from './volumen.repository.js';
export type { VolumenFinanzas } from './volumen.repository.js';
