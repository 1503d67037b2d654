import {
  FACTURACION_LABELS,
  type Alquiler,
  type Linea,
  type Presupuesto,
  type TotalesDocumento,
} from '@tvsistema/domain/comercial';
import { formatEuros, formatFecha, formatNumero } from '@tvsistema/domain/format';
import type { Executor } from '../../db/executor.js';
import { addressLine, createPdf, type PdfWriter } from '../../pdf/pdf-document.js';
import { datosEmisor } from '../finanzas/index.js';
import { findMaquinas } from './comercial.repository.js';

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

/**
 * §5 "horas incluidas y precio de hora extra": each machine of the contract with its serial
 * number, the hours a day its rate includes and the price of each extra hour (inventario.md R3,
 * billed by comercial's R24 from the hour meter at delivery and return).
 */
const horasIncluidas = async (tx: Executor, pdf: PdfWriter, lineas: readonly Linea[]) => {
  const ids = [...new Set(lineas.flatMap((l) => (l.maquinaId ? [l.maquinaId] : [])))];
  const maquinas = await findMaquinas(tx, ids);
  if (maquinas.length === 0) return;
  const porId = new Map(maquinas.map((m) => [m.id, m]));
  pdf.section('Horas de uso incluidas');
  pdf.table({
    columns: [
      { header: 'Máquina', width: 200 },
      { header: 'Nº de serie', width: 110 },
      { header: 'Horas incluidas', width: 100 },
      { header: 'Hora extra', width: 105 },
    ],
    rows: ids.flatMap((id) => {
      const m = porId.get(id);
      return m
        ? [
            [
              `${m.codigo} — ${m.marca} ${m.modelo}`,
              m.numeroSerie,
              `${m.horasIncluidasDia} h/día`,
              m.horaExtra === null ? 'Sin cargo' : `${formatEuros(m.horaExtra)}/h`,
            ],
          ]
        : [];
    }),
  });
  pdf.paragraph(
    'Las horas de uso que superen las incluidas (horas por día × días facturados), según el horómetro a la entrega y a la devolución, se facturan al precio de hora extra.',
  );
};

export const contratoPdf = async (tx: Executor, a: Alquiler) => {
  const titulo = `CONTRATO DE ALQUILER ${a.numero}`;
  const emisor = await datosEmisor(tx, 'alquileres');
  const pdf = createPdf('alquileres', emisor, { title: titulo });
  pdf.title(titulo);
  // §5: the arrendador is the issuing company, with the legal data of finanzas' emisor.
  pdf.section('Arrendador');
  pdf.field('Razón social', emisor.razonSocial);
  pdf.field('NIF', emisor.nif || '—');
  pdf.field('Domicilio', addressLine(emisor) || '—');
  const contacto = [emisor.telefono, emisor.email].filter(Boolean).join(' · ');
  if (contacto) pdf.field('Contacto', contacto);
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
  await horasIncluidas(tx, pdf, a.lineas);
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
