import { formatEuros, formatFecha, formatNumero } from '@tvsistema/domain/format';
import {
  CATEGORIA_DOCUMENTO_OBRA_LABEL,
  ESTADO_OBRA_LABEL,
  ESTADO_PARTE_TRABAJO_LABEL,
  ROL_EQUIPO_LABEL,
  TIPO_INCIDENCIA_LABEL,
  TIPO_TRABAJO_LABEL,
  type CategoriaDocumentoObra,
  type Obra,
} from '@tvsistema/domain/obras';
import type { Executor } from '../../db/executor.js';
import { createPdf, generadoEl, generadoPor } from '../../pdf/pdf-document.js';
import { datosEmisor } from '../finanzas/index.js';
import type { ParteTrabajoBase } from './partes-trabajo.repository.js';

// §5.7 PDFs on Trabajos Verticales' letterhead (the shared PDF service, decision 0020).

const direccionTexto = (obra: Obra) =>
  [
    [obra.direccion.calle, obra.direccion.altura].filter((v) => v !== null).join(' '),
    obra.direccion.ciudad,
  ]
    .filter(Boolean)
    .join(', ');

const horas = (valor: string) => `${formatNumero(valor, 2)} h`;

/** §5.7: a draft prints with the watermark "BORRADOR" across the page. */
const marcaBorrador = (doc: PDFKit.PDFDocument) => {
  const { width, height } = doc.page;
  doc.save();
  doc.rotate(-35, { origin: [width / 2, height / 2] });
  doc
    .fontSize(96)
    .fillColor('#e6e6e6')
    .text('BORRADOR', 0, height / 2 - 48, {
      width,
      align: 'center',
      lineBreak: false,
    });
  doc.restore();
  doc.fillColor('black');
};

/** Up to six thumbnails in a row of three; an image PDFKit cannot read is left out. */
const fotosEnPdf = (doc: PDFKit.PDFDocument, fotos: readonly Buffer[]) => {
  const lado = 150;
  const margen = 50;
  let puestas = 0;
  for (const foto of fotos) {
    const columna = puestas % 3;
    if (columna === 0) {
      if (puestas > 0) doc.y += lado + 8;
      if (doc.y + lado > doc.page.height - margen - 40) doc.addPage();
    }
    try {
      doc.image(foto, margen + columna * (lado + 10), doc.y, { fit: [lado, lado] });
      puestas += 1;
    } catch {
      // A HEIC or a damaged file: the parte still prints.
    }
  }
  if (puestas > 0) doc.y += lado + 8;
  doc.x = margen;
};

/** "Parte de trabajo PT2026-00045"; a draft carries the BORRADOR mark. */
export const parteTrabajoPdf = async (
  tx: Executor,
  hoy: string,
  usuario: string | null,
  obra: Obra,
  parte: ParteTrabajoBase,
  fotos: readonly Buffer[] = [],
) => {
  const titulo = parte.numero ? `Parte de trabajo ${parte.numero}` : 'Parte de trabajo (BORRADOR)';
  const pdf = createPdf('verticales', await datosEmisor(tx, 'verticales'), {
    title: titulo,
    pie: generadoPor(usuario),
  });
  if (parte.estado === 'borrador') marcaBorrador(pdf.doc);
  pdf.title(titulo);
  if (parte.estado === 'borrador') pdf.paragraph('BORRADOR');
  pdf.paragraph(generadoEl(hoy));
  pdf.section('Obra');
  pdf.field('Obra', `${obra.codigo} · ${obra.nombre}`);
  pdf.field('Cliente', obra.cliente.nombre);
  pdf.field('Dirección', direccionTexto(obra));
  pdf.field('Fecha', formatFecha(parte.fecha));
  pdf.field('Estado', ESTADO_PARTE_TRABAJO_LABEL[parte.estado]);
  pdf.field('Trabajo en cuerda', parte.trabajoEnCuerda ? 'Sí' : 'No');
  pdf.section('Operarios');
  pdf.table({
    columns: [
      { header: 'Operario', width: 380 },
      { header: 'Horas', width: 115 },
    ],
    rows: [
      ...parte.operarios.map((o) => [o.nombre, horas(o.horas)]),
      ['Total', horas(parte.horasTotales)],
    ],
  });
  pdf.section('Tareas realizadas');
  pdf.paragraph(parte.tareas);
  if (parte.incidencias.length > 0) {
    pdf.section('Incidencias');
    pdf.table({
      columns: [
        { header: 'Tipo', width: 120 },
        { header: 'Descripción', width: 375 },
      ],
      rows: parte.incidencias.map((i) => [TIPO_INCIDENCIA_LABEL[i.tipo], i.descripcion]),
    });
  }
  if (parte.meteorologia) {
    pdf.section('Meteorología');
    if (parte.meteorologia.vientoKmh !== null)
      pdf.field('Viento', `${formatNumero(parte.meteorologia.vientoKmh)} km/h`);
    pdf.field('Lluvia', parte.meteorologia.lluvia ? 'Sí' : 'No');
  }
  if (parte.avance !== null) pdf.field('Avance de la obra', `${parte.avance} %`);
  if (parte.observaciones) pdf.field('Observaciones', parte.observaciones);
  pdf.field('Fotos', String(parte.fotos));
  fotosEnPdf(pdf.doc, fotos.slice(0, 6));
  pdf.section('Firmas');
  pdf.field('Responsable', parte.cerradoPor ?? '—');
  pdf.field('Conforme cliente', ' ');
  return pdf.end();
};

/** "Ficha de obra": data, team with certifications, safety documents, partes with hours. */
export const fichaObraPdf = async (
  tx: Executor,
  hoy: string,
  usuario: string | null,
  obra: Obra,
  documentos: { categoria: CategoriaDocumentoObra; nombre: string }[],
  partes: ParteTrabajoBase[],
) => {
  const titulo = `Ficha de obra ${obra.codigo}`;
  const pdf = createPdf('verticales', await datosEmisor(tx, 'verticales'), {
    title: titulo,
    pie: generadoPor(usuario),
  });
  pdf.title(titulo);
  pdf.paragraph(generadoEl(hoy));
  pdf.section('Datos de la obra');
  pdf.field('Obra', obra.nombre);
  pdf.field('Cliente', obra.cliente.nombre);
  pdf.field('Dirección', direccionTexto(obra));
  pdf.field('Tipo de trabajo', TIPO_TRABAJO_LABEL[obra.tipoTrabajo]);
  pdf.field('Estado', ESTADO_OBRA_LABEL[obra.estado]);
  pdf.field(
    'Inicio previsto',
    obra.fechaInicioPrevista ? formatFecha(obra.fechaInicioPrevista) : '—',
  );
  pdf.field('Fin previsto', obra.fechaFinPrevista ? formatFecha(obra.fechaFinPrevista) : '—');
  pdf.field(
    'Presupuesto (sin IVA)',
    obra.importePresupuesto ? formatEuros(obra.importePresupuesto) : '—',
  );
  pdf.field('Avance', `${obra.progreso} %`);
  pdf.field('Horas registradas', horas(obra.horasTotales));
  pdf.section('Equipo');
  if (obra.equipo.length === 0) pdf.paragraph('—');
  else
    pdf.table({
      columns: [
        { header: 'Operario', width: 200 },
        { header: 'Rol', width: 90 },
        { header: 'Certificación', width: 205 },
      ],
      rows: obra.equipo.map((m) => [m.nombre, ROL_EQUIPO_LABEL[m.rol], m.certificacion ?? '—']),
    });
  pdf.section('Seguridad y documentos');
  if (documentos.length === 0) pdf.paragraph('—');
  else
    pdf.table({
      columns: [
        { header: 'Categoría', width: 200 },
        { header: 'Documento', width: 295 },
      ],
      rows: documentos.map((d) => [CATEGORIA_DOCUMENTO_OBRA_LABEL[d.categoria], d.nombre]),
    });
  pdf.section('Partes de trabajo');
  if (partes.length === 0) pdf.paragraph('—');
  else
    pdf.table({
      columns: [
        { header: 'Nº', width: 110 },
        { header: 'Fecha', width: 90 },
        { header: 'Horas', width: 90 },
        { header: 'Avance', width: 70 },
        { header: 'Operarios', width: 135 },
      ],
      rows: partes.map((p) => [
        p.numero ?? '—',
        formatFecha(p.fecha),
        horas(p.horasTotales),
        p.avance === null ? '—' : `${p.avance} %`,
        String(p.operarios.length),
      ]),
    });
  return pdf.end();
};
