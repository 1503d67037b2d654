export * from './parte-tipos.js';
export * from './parte-messages.js';
export * from './parte-schemas.js';
export * from './parte-list-query.js';
export * from './parte-sort.js';
