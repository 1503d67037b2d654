// Inventario (inventario.md): machines, scaffolding components, concept templates and the
// availability rules, shared by the API, the web screens and comercial's pickers.
export * from './catalogos.js';
export * from './mensajes.js';
export * from './campos.js';
export * from './conceptos.js';
export * from './componentes.js';
export * from './maquinas.js';
export * from './disponibilidad.js';
export * from './disponibilidad-schemas.js';
export * from './revisiones.js';
export * from './horas.js';
export * from './avisos.js';
export * from './mantenimientos.js';
export * from './resumen.js';
