export * from './fechas.js';
