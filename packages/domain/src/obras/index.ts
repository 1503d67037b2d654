// Obras (flota-obras.md part B): works, operarios and daily work reports of Trabajos Verticales,
// shared by the API and the web screens.
export * from './catalogos.js';
export * from './mensajes.js';
export * from './aptitud.js';
export * from './obra-schemas.js';
export * from './operario-schemas.js';
export * from './parte-trabajo-schemas.js';
