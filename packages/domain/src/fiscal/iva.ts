// IVA rates and the reasons for 0 % (Ley 37/1992): inventario's concept templates and finanzas'
// invoice lines share them (inventario.md R13).

// The rates themselves are money's (the IVA breakdown validates them); named here too.
export { TIPOS_IVA, type TipoIva } from '../money/importes.js';

/** Why a line carries 0 %: an exempt supply (art. 20) or no supply at all (art. 7, a deposit). */
export const MOTIVOS_IVA_0 = ['exenta', 'no_sujeta'] as const;
export type MotivoIva0 = (typeof MOTIVOS_IVA_0)[number];

export const MOTIVO_IVA_0_LABELS: Readonly<Record<MotivoIva0, string>> = {
  exenta: 'exenta',
  no_sujeta: 'no sujeta',
};

/** "21 %", "0 % no sujeta". */
export const ivaLabel = (tipoIva: number, motivo?: MotivoIva0 | null): string =>
  tipoIva === 0 && motivo ? `0 % ${MOTIVO_IVA_0_LABELS[motivo]}` : `${tipoIva} %`;
