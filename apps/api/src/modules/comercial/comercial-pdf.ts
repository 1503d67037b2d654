import {
  FACTURACION_LABELS,
  type Alquiler,
  type Linea,
  type Presupuesto,
  type TotalesDocumento,
} from '@tvsistema/domain/comercial';
import { formatEuros, formatFecha, formatNumero } from '@tvsistema/domain/format';
import type { Executor } from '../../db/executor.js';
import { createPdf, type PdfWriter } from '../../pdf/pdf-document.js';
import { datosEmisor } from '../finanzas/index.js';

// §5 PDFs on the empresa's letterhead (decision 0020): the quote and the rental contract.

const periodo = (l: Linea) =>
  l.fechaInicio && l.fechaFin
    ? `${formatFecha(l.fechaInicio)}–${formatFecha(l.fechaFin)}`
    : l.fecha
      ? formatFecha(l.fecha)
      : '—';

const tarifa = (l: Linea) => {
  if (l.desglose) return l.desglose;
  if (l.unidad === 'porcentaje') return `${formatNumero(l.precio ?? '0')} %`;
  return `${formatEuros(l.precio ?? '0')}/${l.unidad}`;
};

const tablaLineas = (pdf: PdfWriter, lineas: readonly Linea[]) =>
  pdf.table({
    columns: [
      { header: 'Descripción', width: 190 },
      { header: 'Periodo', width: 95 },
      { header: 'Cant.', width: 40 },
      { header: 'Tarifa', width: 90 },
      { header: 'Dto.', width: 35 },
      { header: 'Importe', width: 65 },
    ],
    rows: lineas.map((l) => [
      l.descripcion,
      periodo(l),
      formatNumero(l.cantidad),
      tarifa(l),
      Number(l.descuentoPct) > 0 ? `${formatNumero(l.descuentoPct)} %` : '',
      formatEuros(l.base),
    ]),
  });

const totales = (pdf: PdfWriter, t: TotalesDocumento, fianza: string) => {
  pdf.field('Base imponible', formatEuros(t.base));
  for (const r of t.porIva) pdf.field(`IVA ${r.tipoIva} %`, formatEuros(r.cuota));
  pdf.field('TOTAL', formatEuros(t.total));
  if (Number(fianza) > 0)
    pdf.paragraph(
      `Fianza: ${formatEuros(fianza)} (no sujeta a IVA; se devuelve al finalizar el alquiler)`,
    );
};

export const presupuestoPdf = async (tx: Executor, p: Presupuesto) => {
  const nombre = p.numero ? `${p.numero}${p.revision > 0 ? ` rev. ${p.revision}` : ''}` : null;
  const titulo = nombre ? `PRESUPUESTO ${nombre}` : 'PRESUPUESTO (BORRADOR)';
  const pdf = createPdf('alquileres', await datosEmisor(tx, 'alquileres'), { title: titulo });
  pdf.title(titulo);
  if (!p.numero) pdf.paragraph('BORRADOR');
  pdf.field('Fecha', p.fechaEmision ? formatFecha(p.fechaEmision) : '—');
  pdf.field('Válido hasta', formatFecha(p.fechaValidez));
  pdf.section('Cliente');
  pdf.field('Nombre', p.cliente?.nombre ?? p.clienteProvisional?.nombre ?? '—');
  pdf.field('NIF', p.cliente?.documento ?? p.clienteProvisional?.documento ?? '—');
  if (p.obraNombre) pdf.field('Obra', p.obraNombre);
  if (p.direccionObra?.municipio) pdf.field('Municipio', p.direccionObra.municipio);
  pdf.section('Material y servicios');
  tablaLineas(pdf, p.lineas);
  totales(pdf, p.totales, p.fianza);
  pdf.paragraph(`Facturación: ${FACTURACION_LABELS[p.facturacion].toLowerCase()}`);
  if (p.condiciones) {
    pdf.section('Condiciones');
    pdf.paragraph(p.condiciones);
  }
  if (p.observaciones) pdf.paragraph(p.observaciones);
  pdf.section('Conforme del cliente (firma y sello)');
  pdf.paragraph(' ');
  return pdf.end();
};

export const contratoPdf = async (tx: Executor, a: Alquiler) => {
  const titulo = `CONTRATO DE ALQUILER ${a.numero}`;
  const emisor = await datosEmisor(tx, 'alquileres');
  const pdf = createPdf('alquileres', emisor, { title: titulo });
  pdf.title(titulo);
  pdf.section('Arrendatario');
  pdf.field('Nombre', a.cliente?.nombre ?? '—');
  pdf.field('NIF', a.cliente?.documento ?? '—');
  if (a.referenciaCliente) pdf.field('Referencia del cliente', a.referenciaCliente);
  pdf.section('Obra');
  if (a.obraNombre) pdf.field('Obra', a.obraNombre);
  pdf.field('Municipio', a.direccionObra?.municipio ?? '—');
  pdf.field('Periodo', `${formatFecha(a.fechaInicio)}–${formatFecha(a.fechaFin)}`);
  pdf.section('Material');
  tablaLineas(pdf, a.lineas);
  pdf.paragraph(
    'Cada línea se factura con la combinación más barata de meses (30 días), semanas y días que cubre sus días de alquiler.',
  );
  totales(pdf, a.totales, a.fianza.importe);
  pdf.paragraph(`Facturación: ${FACTURACION_LABELS[a.facturacion].toLowerCase()}`);
  pdf.section('Condiciones');
  pdf.paragraph(
    a.condiciones ??
      'Los días de retraso se facturan a la tarifa del contrato. El material se devuelve limpio y completo.',
  );
  pdf.section('Firma del arrendador');
  pdf.paragraph(' ');
  pdf.section('Firma del arrendatario');
  pdf.paragraph(' ');
  return pdf.end();
};
