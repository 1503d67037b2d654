import { formatFecha, formatFechaHora, formatNumero, formatEuros } from '@tvsistema/domain/format';
import type { Albaran } from '@tvsistema/domain/logistica';
import type { Executor } from '../../db/executor.js';
import { createPdf } from '../../pdf/pdf-document.js';
import { datosEmisor } from '../finanzas/index.js';

// §5 PDF of a rental albarán on the empresa's letterhead (decision 0020).

const direccionTexto = (d: Albaran['direccionObra']) =>
  d
    ? [
        d.calle && `${d.calle}${d.altura ? ` ${d.altura}` : ''}`,
        d.codigoPostal,
        d.municipio,
        d.provincia,
      ]
        .filter(Boolean)
        .join(', ')
    : '';

export const albaranPdf = async (
  tx: Executor,
  a: Albaran,
  { precios, firmaPng }: { precios: boolean; firmaPng: Buffer | null },
) => {
  const titulo = a.tipo === 'entrega' ? 'ALBARÁN DE ENTREGA' : 'ALBARÁN DE RECOGIDA';
  const pdf = createPdf('alquileres', await datosEmisor(tx, 'alquileres'), {
    title: `${titulo} ${a.numero ?? '(borrador)'}`,
  });
  const { doc } = pdf;
  pdf.title(titulo);
  pdf.field('Nº', a.numero ?? 'Borrador');
  pdf.field('Fecha y hora', formatFechaHora(a.fechaHora));
  if (a.fechaFinCobro) pdf.field('Fin de cobro', formatFecha(a.fechaFinCobro));
  pdf.field('Alquiler', a.alquiler.numero);
  pdf.field('Referencia', a.referenciaExterna);
  pdf.section('Cliente');
  pdf.field('Nombre', a.cliente.nombre);
  pdf.field('NIF', a.cliente.documento);
  pdf.section('Obra');
  pdf.paragraph(direccionTexto(a.direccionObra) || '—');
  pdf.field('Matrícula', a.matriculaTexto);
  pdf.field('Conductor', a.conductor);
  const articulos = a.lineas.filter((l) => l.clase !== 'concepto');
  pdf.section('Material');
  if (a.tipo === 'entrega')
    pdf.table({
      columns: [
        { header: 'Código', width: 90 },
        { header: 'Descripción', width: 300 },
        { header: 'Cantidad', width: 70 },
        { header: 'Horómetro', width: 60 },
      ],
      rows: articulos.map((l) => [
        l.codigo,
        l.descripcion,
        formatNumero(l.cantidad),
        l.horometro ? `${formatNumero(l.horometro)} h` : '',
      ]),
    });
  else
    pdf.table({
      columns: [
        { header: 'Código', width: 80 },
        { header: 'Descripción', width: 200 },
        { header: 'Correcto', width: 55 },
        { header: 'Dañado', width: 55 },
        { header: 'Falta', width: 50 },
        { header: 'Total', width: 50 },
      ],
      rows: articulos.map((l) => [
        l.codigo,
        `${l.descripcion}${l.observacionDano ? ` — ${l.observacionDano}` : ''}`,
        String(l.correcto ?? 0),
        String(l.danado ?? 0),
        String(l.falta ?? 0),
        formatNumero(l.cantidad),
      ]),
    });
  pdf.field('Total unidades', formatNumero(a.unidades));
  if (precios) {
    const cobros = a.lineas.filter((l) => Number(l.importe) > 0);
    if (cobros.length > 0) {
      pdf.section('Servicios y cargos');
      pdf.table({
        columns: [
          { header: 'Descripción', width: 300 },
          { header: 'Cantidad', width: 70 },
          { header: 'IVA', width: 50 },
          { header: 'Importe', width: 95 },
        ],
        rows: cobros.map((l) => [
          `${l.codigo} ${l.descripcion}`,
          formatNumero(l.clase === 'concepto' ? l.cantidad : (l.falta ?? 0)),
          `${l.tipoIva} %`,
          formatEuros(l.importe),
        ]),
      });
    }
  }
  if (a.observaciones) {
    pdf.section('Observaciones');
    pdf.paragraph(a.observaciones);
  }
  pdf.section(a.tipo === 'entrega' ? 'Recibí conforme' : 'Conforme con el recuento');
  if (a.firma) {
    if (firmaPng) {
      const y = doc.y;
      doc.image(firmaPng, doc.x, y, { fit: [200, 80] });
      doc.y = y + 85;
    }
    pdf.field('Nombre', a.firma.nombre);
    pdf.field('DNI/NIE', a.firma.dni);
    pdf.field('Fecha y hora', formatFechaHora(a.firma.firmadoAt));
  } else {
    const y = doc.y + 4;
    doc.rect(doc.x, y, 250, 80).strokeColor('#999999').stroke();
    doc.y = y + 88;
  }
  pdf.paragraph(
    a.tipo === 'entrega'
      ? 'El material se entrega en buen estado de uso y queda bajo la custodia del cliente hasta su recogida, según el contrato de alquiler.'
      : 'Las unidades dañadas o en falta se facturarán según las condiciones del contrato de alquiler.',
  );
  if (a.firma) pdf.paragraph(`Huella: ${a.firma.huella.slice(0, 16)}…`);
  const marca = a.estado === 'borrador' ? 'BORRADOR' : a.estado === 'anulado' ? 'ANULADO' : null;
  if (marca) {
    const range = doc.bufferedPageRange();
    for (let i = 0; i < range.count; i += 1) {
      doc.switchToPage(range.start + i);
      doc.save();
      doc.rotate(-30, { origin: [300, 420] });
      doc
        .font('negrita')
        .fontSize(90)
        .fillColor('#dddddd')
        .opacity(0.5)
        .text(marca, 60, 380, { lineBreak: false });
      doc.restore();
      doc.opacity(1).fillColor('black');
    }
  }
  return pdf.end();
};
