export * from './preferencias-valores.js';
export * from './preferencias.js';
