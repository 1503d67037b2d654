import { formatEuros, formatNumero } from '@tvsistema/domain/format';
import { ivaLabel } from '@tvsistema/domain/fiscal';
import { UNIDAD_CONCEPTO_LABELS, type Concepto } from '@tvsistema/domain/inventario';
import type { Executor } from '../../db/executor.js';
import { createPdf, generadoEl } from '../../pdf/pdf-document.js';
import { datosEmisor } from '../finanzas/index.js';

// §5.8 PDFs on the empresa's letterhead (the shared PDF service, decision 0020).

/** A template's price as the list shows it: `85,00 €/viaje`, `8 %`. */
export const precioConcepto = (c: Pick<Concepto, 'precio' | 'unidad'>) =>
  c.unidad === 'porcentaje'
    ? `${formatNumero(c.precio)} %`
    : `${formatEuros(c.precio)}/${UNIDAD_CONCEPTO_LABELS[c.unidad]}`;

/** "Tarifa de conceptos de alquiler": the active templates. */
export const tarifaConceptosPdf = async (tx: Executor, hoy: string, conceptos: Concepto[]) => {
  const pdf = createPdf('alquileres', await datosEmisor(tx, 'alquileres'), {
    title: 'Tarifa de conceptos de alquiler',
  });
  pdf.title('Tarifa de conceptos de alquiler');
  pdf.paragraph(generadoEl(hoy));
  pdf.table({
    columns: [
      { header: 'Código', width: 70 },
      { header: 'Nombre', width: 215 },
      { header: 'Unidad', width: 55 },
      { header: 'Precio', width: 85 },
      { header: 'IVA', width: 70 },
    ],
    rows: conceptos.map((c) => [
      c.codigo,
      c.nombre,
      UNIDAD_CONCEPTO_LABELS[c.unidad],
      precioConcepto(c),
      ivaLabel(c.tipoIva, c.motivoIva0),
    ]),
  });
  return pdf.end();
};
