export * from './iva.js';
