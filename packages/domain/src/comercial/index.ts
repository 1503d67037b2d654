// Comercial's pure rules and schemas (comercial.md): other modules share the rate function and
// the billing rules; the API and the screens share the schemas and texts.
export * from './importe-alquiler.js';
export * from './mensajes.js';
export * from './lineas.js';
export * from './facturacion.js';
export * from './presupuestos.js';
export * from './alquileres.js';
export * from './archivos.js';
