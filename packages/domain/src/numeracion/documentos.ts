import type { Empresa } from '../systems/empresa.js';

// Document numbers (modules/README.md, "Document numbers"): one gap-free, correlative counter per
// empresa, document type and calendar year, formatted {PREFIX}{YYYY}-{NNNNN}. Drafts have none.

/** The counter `tipo` of every numbered document. */
export const TIPOS_DOCUMENTO = [
  'presupuesto',
  'alquiler',
  'albaran_entrega',
  'albaran_recogida',
  'albaran_transporte',
  'factura',
  'factura_simplificada',
  'rectificativa',
  'compra',
  'obra',
  'parte_trabajo',
] as const;
export type TipoDocumento = (typeof TIPOS_DOCUMENTO)[number];

/** Prefix per document type and empresa; an empresa without one does not issue that document. */
export const PREFIJOS_DOCUMENTO: Readonly<
  Record<TipoDocumento, Readonly<Partial<Record<Empresa, string>>>>
> = {
  presupuesto: { alquileres: 'P' },
  alquiler: { alquileres: 'A' },
  albaran_entrega: { alquileres: 'AE' },
  albaran_recogida: { alquileres: 'AR' },
  albaran_transporte: { transporte: 'AT' },
  factura: { alquileres: 'F', transporte: 'T' },
  factura_simplificada: { alquileres: 'FS', transporte: 'TS' },
  rectificativa: { alquileres: 'R', transporte: 'TR' },
  compra: { alquileres: 'C', transporte: 'TC' },
  obra: { verticales: 'OB' },
  parte_trabajo: { verticales: 'PT' },
};

/** The empresa does not issue that kind of document (a programming error, not a user's). */
export class PrefijoDocumentoError extends Error {
  constructor(tipo: TipoDocumento, empresa: Empresa) {
    super(`La empresa ${empresa} no emite documentos de tipo ${tipo}`);
    this.name = 'PrefijoDocumentoError';
  }
}

export const prefijoDocumento = (tipo: TipoDocumento, empresa: Empresa): string => {
  const prefijo = PREFIJOS_DOCUMENTO[tipo][empresa];
  if (!prefijo) throw new PrefijoDocumentoError(tipo, empresa);
  return prefijo;
};

/** `P2026-00017`: prefix, year, and the sequence with at least five digits. */
export const formatNumeroDocumento = (prefijo: string, anio: number, secuencia: number): string =>
  `${prefijo}${anio}-${String(secuencia).padStart(5, '0')}`;
