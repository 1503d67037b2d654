export * from './location-messages.js';
export * from './normalize.js';
export * from './location-schemas.js';
export * from './direccion.js';
