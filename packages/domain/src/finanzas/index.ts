// Finanzas (modules/finanzas.md): the empresas' legal data (emisores) first; invoices, credit
// notes and purchases come with the finanzas issue.
export * from './emisor.js';
export type * from './fuentes.js';
