// Finanzas (modules/finanzas.md): the empresas' legal data (emisores), invoices and credit notes,
// purchases, the VERI*FACTU chain and the billing-source contract.
export * from './emisor.js';
export type * from './fuentes.js';
export * from './facturas.js';
export * from './compras.js';
export * from './verifactu.js';
export * from './verifactu-factura.js';
export { sha256Hex } from './sha256.js';
