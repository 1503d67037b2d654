// Flota (flota-obras.md part A): vehicles, their legal due dates and drivers, shared by the API,
// the screens and the transportes dashboard.
export * from './catalogos.js';
export * from './mensajes.js';
export * from './itv.js';
export * from './permisos.js';
export * from './vencimientos.js';
export * from './mantenimiento.js';
export * from './schemas.js';
export * from './autorizacion.js';
export * from './datos-pendientes.js';
