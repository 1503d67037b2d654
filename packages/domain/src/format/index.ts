// es-ES texts with numbers and dates, one implementation for the API, the web and the PDFs.
export * from './entero.js';
export * from './es-es.js';
