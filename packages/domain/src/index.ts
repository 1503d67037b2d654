// Everything, for the web and older imports. Code of one module imports its folder instead
// (`@tvsistema/domain/partes`, …: package.json `exports`).
export * from './auth/index.js';
export * from './systems/index.js';
export * from './navigation/index.js';
export * from './session/index.js';
export * from './time/index.js';
export * from './user/index.js';
export * from './messages.js';
export * from './timings.js';
export * from './limits.js';
export * from './lists/index.js';
export * from './text/index.js';
export * from './localizacion/index.js';
export * from './documento/index.js';
export * from './partes/index.js';
// Shared domain functions of the business modules (issue 11): money, es-ES formats, rental pricing
// (Spanish identifiers: documento/). Each folder is also its own entry point (`@tvsistema/domain/money`, …).
export * from './money/index.js';
export * from './format/index.js';
export * from './comercial/index.js';
export * from './numeracion/index.js';
export * from './versiones/index.js';
export * from './historial/index.js';
export * from './finanzas/index.js';
export * from './archivos/index.js';
export * from './fechas/index.js';
export * from './fiscal/index.js';
export * from './inventario/index.js';
export * from './flota/index.js';
export * from './obras/index.js';
export * from './logistica/index.js';
export * from './preferencias/index.js';
