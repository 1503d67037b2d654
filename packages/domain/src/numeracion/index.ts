export * from './documentos.js';
