/** The party types: suppliers and clients share one model (DESIGN decision 1). */
export const PARTE_TIPOS = ['proveedor', 'cliente'] as const;
export type ParteTipo = (typeof PARTE_TIPOS)[number];

// No zod in this file: the party lists import these on their first render (decision 0046); the
// schemas are in parte-schemas.ts.

/** The accounting accounts each party type edits under "Cuentas Contables" (DESIGN decision 1). */
export const CUENTAS_CONTABLES = {
  proveedor: ['cuentaContableProveedor', 'cuentaContableCompra', 'cuentaContableRetencion'],
  cliente: ['cuentaContableCliente', 'cuentaContableVenta', 'cuentaContableRetencion'],
} as const satisfies Record<ParteTipo, readonly string[]>;
export type CuentaContable = (typeof CUENTAS_CONTABLES)[ParteTipo][number];
