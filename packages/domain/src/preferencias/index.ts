export * from './preferencias.js';
