import { esRemolque, type TipoCamion } from './catalogos.js';

// §2.1: a motor vehicle's autorización and tacógrafo became required after some vehicles were
// written without them (decision 0029). Such a row still reads; these name what it lacks, for
// the detail's and the list's warning and the edit form, which marks the fields.

export const DATOS_OBLIGATORIOS_LABELS = {
  autorizacion: 'autorización de transporte',
  tacografo: 'tacógrafo',
} as const;
export type DatoObligatorio = keyof typeof DATOS_OBLIGATORIOS_LABELS;

/** The required data a stored vehicle lacks, in the form's order (none for a trailer). */
export const datosObligatoriosPendientes = (camion: {
  tipo: TipoCamion;
  autorizacion: unknown;
  tacografo: unknown;
}): DatoObligatorio[] =>
  esRemolque(camion.tipo)
    ? []
    : (['autorizacion', 'tacografo'] as const).filter((dato) => !camion[dato]);

/**
 * "Faltan datos obligatorios: autorización de transporte y tacógrafo. Complétalos en Editar." on
 * the detail and the list (`ficha`); in the edit form it asks to complete them there
 * (`formulario`); for a user who cannot edit only the first sentence (`lectura`).
 */
export const avisoDatosPendientes = (
  pendientes: readonly DatoObligatorio[],
  donde: 'ficha' | 'formulario' | 'lectura' = 'ficha',
): string => {
  const nombres = pendientes.map((dato) => DATOS_OBLIGATORIOS_LABELS[dato]);
  const lista =
    nombres.length > 1 ? `${nombres.slice(0, -1).join(', ')} y ${nombres.at(-1)}` : nombres[0];
  const uno = nombres.length === 1;
  const falta = `${uno ? 'Falta un dato obligatorio' : 'Faltan datos obligatorios'}: ${lista}.`;
  const completa = uno ? 'Complétalo' : 'Complétalos';
  if (donde === 'lectura') return falta;
  return donde === 'ficha'
    ? `${falta} ${completa} en Editar.`
    : `${falta} ${completa} para guardar los cambios.`;
};
