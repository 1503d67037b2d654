import { formatEuros, formatFecha, formatFechaHora, formatNumero } from '@tvsistema/domain/format';
import { MOTIVO_EXENCION_LABELS, type Transporte } from '@tvsistema/domain/logistica';
import type { Executor } from '../../db/executor.js';
import { createPdf, type PdfWriter } from '../../pdf/pdf-document.js';
import { datosEmisor } from '../finanzas/index.js';

// §5 PDF of a transport albarán: the documento de control of Orden FOM/2861/2012, two ejemplares
// (cargador, transportista), one page each.

const dir = (d: Transporte['origen']) =>
  [
    d.nombre,
    [d.direccion.calle, d.direccion.altura].filter(Boolean).join(' '),
    d.direccion.codigoPostal,
    d.direccion.municipio,
    d.direccion.provincia,
  ]
    .filter(Boolean)
    .join(', ');

const ejemplar = (
  pdf: PdfWriter,
  t: Transporte,
  titulo: string,
  precios: boolean,
  firmaPng: Buffer | null,
) => {
  pdf.title(`ALBARÁN DE TRANSPORTE ${t.numero}`);
  pdf.paragraph(
    t.exentoDocumentoControl && t.motivoExencion
      ? `Exento de documento de control: ${MOTIVO_EXENCION_LABELS[t.motivoExencion]} (Orden FOM/2861/2012, art. 2)`
      : 'ALBARÁN DE TRANSPORTE · DOCUMENTO DE CONTROL (Orden FOM/2861/2012)',
  );
  pdf.paragraph(titulo);
  pdf.section('1 Cargador contractual');
  pdf.field('Nombre', t.cliente.nombre);
  pdf.field('NIF', t.cliente.documento);
  pdf.section('2 Transportista efectivo');
  pdf.field('Nombre', t.transportista.nombre);
  pdf.field('NIF', t.transportista.nif);
  pdf.section('3 Remitente');
  pdf.paragraph(
    t.remitente
      ? `${t.remitente.nombre}${t.remitente.documento ? ` (${t.remitente.documento})` : ''}`
      : 'El remitente es el cliente',
  );
  pdf.section('4 Destinatario');
  pdf.paragraph(
    [t.destinatario.nombre, t.destinatario.documento, t.destinatario.telefono]
      .filter(Boolean)
      .join(' · '),
  );
  pdf.section('5 Origen');
  pdf.paragraph(dir(t.origen));
  pdf.section('6 Destino');
  pdf.paragraph(dir(t.destino));
  pdf.section('7 Fecha de carga');
  pdf.paragraph(`${formatFecha(t.fechaCarga)}${t.horaCarga ? ` ${t.horaCarga}` : ''}`);
  pdf.section('8 Vehículo y conductor');
  pdf.field('Matrícula', t.matriculaTexto);
  pdf.field('Remolque', t.matriculaRemolque);
  pdf.field('Conductor', [t.conductor.nombre, t.conductor.dni].filter(Boolean).join(' · '));
  pdf.section('9 Mercancía y bultos');
  pdf.paragraph(
    `${t.mercancia.descripcion}${t.mercancia.bultos !== null ? ` · ${t.mercancia.bultos} bultos` : ''}`,
  );
  pdf.section('10 Peso');
  pdf.paragraph(
    t.mercancia.pesoKg !== null
      ? `${formatNumero(t.mercancia.pesoKg)} kg${t.mercancia.pesoEstimado ? ' (estimado)' : ''}`
      : '—',
  );
  pdf.section('11 Observaciones');
  pdf.paragraph(t.observaciones ?? '—');
  if (precios && t.precio) {
    pdf.section('12 Precio');
    pdf.paragraph(`${formatEuros(t.precio)} + IVA ${t.tipoIva} %`);
  }
  pdf.section('13 Entrega');
  if (t.entregadoAt) {
    pdf.field('Fecha y hora', formatFechaHora(t.entregadoAt));
    if (t.firma) {
      pdf.field('Receptor', t.firma.nombre);
      pdf.field('DNI/NIE', t.firma.dni);
      if (firmaPng) {
        const y = pdf.doc.y;
        pdf.doc.image(firmaPng, pdf.doc.x, y, { fit: [180, 60] });
        pdf.doc.y = y + 64;
      }
    } else pdf.paragraph(`Entregado sin firma: ${t.sinFirmaMotivo ?? ''}`);
  } else {
    const y = pdf.doc.y + 4;
    pdf.doc.rect(pdf.doc.x, y, 250, 60).strokeColor('#999999').stroke();
    pdf.doc.y = y + 66;
  }
  pdf.paragraph(
    `Conservar al menos un año${t.huella ? ` · Huella: ${t.huella.slice(0, 16)}…` : ''}`,
  );
};

export const transportePdf = async (
  tx: Executor,
  t: Transporte,
  { precios, firmaPng }: { precios: boolean; firmaPng: Buffer | null },
) => {
  const pdf = createPdf('transporte', await datosEmisor(tx, 'transporte'), {
    title: `Albarán de transporte ${t.numero}`,
  });
  ejemplar(pdf, t, 'Ejemplar para el cargador', precios, firmaPng);
  pdf.doc.addPage();
  ejemplar(pdf, t, 'Ejemplar para el transportista', precios, firmaPng);
  return pdf.end();
};
