// Logística's pure rules and schemas (logistica.md): rental and transport albaranes, FIFO returns,
// the canonical signed content; the API and the screens share them.
export * from './mensajes.js';
export * from './fifo.js';
export * from './albaranes.js';
export * from './transporte.js';
export * from './importacion.js';
export * from './importacion-valores.js';
