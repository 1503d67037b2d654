import QRCode from 'qrcode';
import { LEYENDA_ISP, LEYENDAS_CAUSA, type Causa, type Factura } from '@tvsistema/domain/finanzas';
import { formatEuros, formatFecha, formatNumero } from '@tvsistema/domain/format';
import type { Executor } from '../../db/executor.js';
import { createPdf } from '../../pdf/pdf-document.js';
import { datosEmisor } from './emisores.service.js';

// finanzas.md §5 PDF: letterhead, "QR tributario:" + QR + "VERI*FACTU" at the top right of page 1
// (issued only), number and dates, client, lines, desglose, totals, legends (rules 3–4), payment;
// drafts carry the diagonal "BORRADOR - SIN VALOR FISCAL" and neither number nor QR.

const MM = 72 / 25.4;

const tituloDe = (f: Factura) =>
  f.clase === 'rectificativa'
    ? 'FACTURA RECTIFICATIVA'
    : f.tipoFactura === 'F2'
      ? 'FACTURA SIMPLIFICADA'
      : 'FACTURA';

const iban = (texto: string) =>
  texto
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();
const ibanOculto = (texto: string) => {
  const t = texto.replace(/\s+/g, '');
  return `${t.slice(0, 4)} **** **** **** **** ${t.slice(-4)}`;
};

export const facturaPdf = async (
  tx: Executor,
  f: Factura,
  extra: {
    ibanCliente?: string | null;
    rectificada?: { numero: string | null; fecha: string | null };
  },
): Promise<Buffer> => {
  const emisorActual = await datosEmisor(tx, f.empresa);
  const titulo = tituloDe(f);
  const pdf = createPdf(f.empresa, emisorActual, {
    title: f.numero ? `${titulo} ${f.numero}` : `Borrador de factura`,
  });
  const { doc } = pdf;
  const borrador = f.estado === 'borrador';

  // The QR block, top right of page 1 (rule 14): 35 × 35 mm, level M.
  if (!borrador && f.verifactu?.qrUrl) {
    const lado = 35 * MM;
    const x = doc.page.width - 50 - lado;
    const y = 40;
    const png = await QRCode.toBuffer(f.verifactu.qrUrl, {
      margin: 0,
      width: 300,
      errorCorrectionLevel: 'M',
    });
    const yAntes = doc.y;
    doc
      .font('texto')
      .fontSize(7)
      .fillColor('black')
      .text('QR tributario:', x, y, { width: lado, align: 'center' });
    doc.image(png, x, y + 10, { width: lado, height: lado });
    doc
      .font('negrita')
      .fontSize(8)
      .text('VERI*FACTU', x, y + 12 + lado, { width: lado, align: 'center' });
    doc
      .font('texto')
      .fontSize(4)
      .fillColor('#555555')
      .text(f.verifactu.qrUrl, x - 20, y + 24 + lado, { width: lado + 20 });
    doc.fillColor('black');
    doc.x = 50;
    doc.y = Math.max(yAntes, doc.y + 4);
  }

  pdf.title(titulo);
  if (f.numero) pdf.field('Nº', f.numero);
  pdf.field('Fecha de expedición', f.fechaExpedicion ? formatFecha(f.fechaExpedicion) : null);
  if (f.fechaOperacion) pdf.field('Fecha de operación', formatFecha(f.fechaOperacion));
  if (f.fechaVencimiento) pdf.field('Vencimiento', formatFecha(f.fechaVencimiento));

  pdf.section('Cliente');
  pdf.field('Nombre', f.cliente.nombre);
  if (f.cliente.documento) pdf.field('NIF', f.cliente.documento);
  if (f.cliente.direccion.length > 0) pdf.field('Domicilio', f.cliente.direccion.join(', '));

  const origenes = [
    ...new Set(
      f.lineas
        .map((l) => l.origen)
        .filter(Boolean)
        .map((o) => `${o?.tipo === 'albaran' ? 'Albarán' : 'Alquiler'} ${o?.numero}`),
    ),
  ];
  if (origenes.length > 0 || f.referenciaCliente) {
    pdf.section('Referencias');
    if (origenes.length > 0) pdf.field('Origen', origenes.join(', '));
    if (f.referenciaCliente) pdf.field('Pedido / obra', f.referenciaCliente);
  }
  pdf.field('Descripción de la operación', f.descripcionOperacion);
  if (f.clase === 'rectificativa' && extra.rectificada)
    pdf.paragraph(
      `Rectifica la factura ${extra.rectificada.numero ?? ''} de ${
        extra.rectificada.fecha ? formatFecha(extra.rectificada.fecha) : ''
      } (${f.tipoFactura}). Motivo: ${f.motivo ?? ''}`,
    );

  pdf.section('Líneas');
  pdf.table({
    columns: [
      { header: 'Descripción', width: 190 },
      { header: 'Cantidad', width: 55 },
      { header: 'Unidad', width: 45 },
      { header: 'Precio', width: 60 },
      { header: 'Dto. %', width: 40 },
      { header: 'IVA', width: 45 },
      { header: 'Importe', width: 60 },
    ],
    rows: f.lineas.map((l) => [
      l.descripcion,
      formatNumero(l.cantidad),
      l.unidad,
      formatEuros(l.precioUnitario),
      formatNumero(l.descuentoPct),
      l.tratamiento === 'general'
        ? `${l.tipoIva} %`
        : l.tratamiento === 'isp'
          ? 'ISP'
          : (l.causa ?? ''),
      formatEuros(l.base),
    ]),
  });

  pdf.section('Desglose');
  pdf.table({
    columns: [
      { header: 'Base imponible', width: 130 },
      { header: 'Tipo', width: 100 },
      { header: 'Cuota', width: 100 },
      { header: 'Recargo', width: 100 },
    ],
    rows: f.desglose.map((g) => [
      formatEuros(g.base),
      g.calificacion === 'S2'
        ? 'ISP'
        : (g.exencion ?? (g.calificacion?.startsWith('N') ? g.calificacion : `${g.tipoIva} %`)),
      formatEuros(g.cuota),
      g.tipoRecargo ? `${formatNumero(g.tipoRecargo)} % · ${formatEuros(g.cuotaRecargo)}` : '',
    ]),
  });

  pdf.section('Totales');
  pdf.field('Base imponible', formatEuros(f.baseImponible));
  pdf.field('IVA', formatEuros(f.cuotaIva));
  if (f.cuotaRecargo !== '0.00') pdf.field('Recargo de equivalencia', formatEuros(f.cuotaRecargo));
  pdf.field('Total factura', formatEuros(f.importeTotal));
  if (f.retencion !== '0.00') {
    pdf.field(`Retención IRPF (${f.retencionPct} %)`, formatEuros(f.retencion));
    pdf.field('Total a pagar', formatEuros(f.totalAPagar));
  }

  const leyendas = new Set<string>();
  for (const l of f.lineas) {
    if (l.tratamiento === 'isp') leyendas.add(LEYENDA_ISP);
    if ((l.tratamiento === 'exenta' || l.tratamiento === 'no_sujeta') && l.causa)
      leyendas.add(LEYENDAS_CAUSA[l.causa as Causa]);
  }
  if (leyendas.size > 0) {
    pdf.section('Menciones');
    for (const l of leyendas) pdf.paragraph(l);
  }

  pdf.section('Forma de pago');
  const ibanEmisor = (f.emisor?.['iban'] as string | undefined) ?? emisorActual.iban;
  pdf.paragraph(
    f.formaPago === 'domiciliacion' && extra.ibanCliente
      ? `Domiciliación en ${ibanOculto(extra.ibanCliente)}`
      : f.formaPago === 'transferencia'
        ? `Transferencia bancaria a IBAN ${iban(ibanEmisor)}`
        : f.formaPago === 'efectivo'
          ? 'Efectivo'
          : f.formaPago === 'tarjeta'
            ? 'Tarjeta'
            : `Transferencia bancaria a IBAN ${iban(ibanEmisor)}`,
  );
  if (f.observaciones) {
    pdf.section('Observaciones');
    pdf.paragraph(f.observaciones);
  }

  if (borrador) {
    const range = doc.bufferedPageRange();
    for (let i = 0; i < range.count; i += 1) {
      doc.switchToPage(range.start + i);
      doc.save();
      doc.rotate(-45, { origin: [doc.page.width / 2, doc.page.height / 2] });
      doc
        .font('negrita')
        .fontSize(40)
        .fillColor('#cc0000')
        .opacity(0.25)
        .text('BORRADOR - SIN VALOR FISCAL', 0, doc.page.height / 2 - 20, {
          width: doc.page.width,
          align: 'center',
        });
      doc.restore();
      doc.opacity(1).fillColor('black');
    }
  }
  return pdf.end();
};
