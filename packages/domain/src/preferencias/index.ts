export * from './preferencias-valores.js';
export * from './preferencias-textos.js';
export * from './preferencias.js';
