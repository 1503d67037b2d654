import { formatEuros, formatFecha, formatNumero } from '@tvsistema/domain/format';
import {
  AUTORIZACION_LABELS,
  COBERTURA_LABELS,
  RESULTADO_ITV_LABELS,
  TACOGRAFO_LABELS,
  TIPO_CAMION_LABELS,
  TIPO_MANTENIMIENTO_CAMION_LABELS,
  type Camion,
  type Inspeccion,
  type MantenimientoCamion,
} from '@tvsistema/domain/flota';
import type { Executor } from '../../db/executor.js';
import { createPdf, generadoEl, generadoPor } from '../../pdf/pdf-document.js';
import { datosEmisor } from '../finanzas/index.js';

// §5.7 "Ficha del vehículo" on Mallorca Transporta's letterhead (the shared PDF service): the
// Resumen cards, the ITV history, the due items and the last 10 mantenimientos.

const f = (fecha: string | null | undefined) => (fecha ? formatFecha(fecha) : '—');
const kg = (valor: number) => `${formatNumero(valor)} kg`;
const km = (valor: number | null) => (valor === null ? '—' : `${formatNumero(valor)} km`);

export const fichaCamionPdf = async (
  tx: Executor,
  hoy: string,
  usuario: string | null,
  camion: Camion,
  inspecciones: Inspeccion[],
  mantenimientos: MantenimientoCamion[],
) => {
  const titulo = `Ficha del vehículo ${camion.matriculaTexto}`;
  const pdf = createPdf('transporte', await datosEmisor(tx, 'transporte'), {
    title: titulo,
    pie: generadoPor(usuario),
  });
  pdf.title(titulo);
  pdf.paragraph(generadoEl(hoy));
  pdf.section('Identificación');
  pdf.field('Matrícula', camion.matriculaTexto);
  pdf.field('Bastidor', camion.bastidor);
  pdf.field('Vehículo', `${camion.marca} ${camion.modelo} · ${TIPO_CAMION_LABELS[camion.tipo]}`);
  pdf.field('Primera matriculación', f(camion.fechaPrimeraMatriculacion));
  pdf.field('Alta en la flota', f(camion.fechaAlta));
  pdf.field('Apto para circular', camion.apto ? 'Sí' : `No: ${camion.motivosNoApto.join('; ')}`);
  pdf.section('Masas');
  pdf.field('MMA', kg(camion.mmaKg));
  pdf.field('Tara', kg(camion.taraKg));
  pdf.field('Carga útil', kg(camion.cargaUtilKg));
  pdf.field('Categoría', camion.categoria);
  pdf.section('Autorización y seguro');
  pdf.field(
    'Autorización',
    camion.autorizacion
      ? `${AUTORIZACION_LABELS[camion.autorizacion.tipo]} ${camion.autorizacion.numero ?? ''} (visado hasta ${f(camion.autorizacion.visadoHasta)})`
      : '—',
  );
  pdf.field(
    'Seguro',
    camion.seguro
      ? `${camion.seguro.aseguradora}, póliza ${camion.seguro.poliza}, ${COBERTURA_LABELS[camion.seguro.cobertura]}, vence el ${f(camion.seguro.vencimiento)}`
      : 'Sin seguro registrado',
  );
  if (camion.tacografo) {
    pdf.section('Tacógrafo');
    pdf.field('Tipo', TACOGRAFO_LABELS[camion.tacografo.tipo]);
    pdf.field('Próxima revisión', f(camion.tacografo.proximaRevision));
    pdf.field('Próxima descarga', f(camion.tacografo.proximaDescarga));
  }
  pdf.section('Conductor y kilometraje');
  pdf.field('Conductor habitual', camion.conductorHabitual?.nombre ?? '—');
  pdf.field('Kilometraje', `${km(camion.kmActual)} (${f(camion.kmFecha)})`);
  pdf.field('Próxima ITV', `${f(camion.itvHasta)} (${camion.itv.texto})`);
  pdf.section('Vencimientos');
  if (camion.vencimientos.length === 0) pdf.paragraph('Sin vencimientos en los próximos 30 días');
  else
    pdf.table({
      columns: [
        { header: 'Concepto', width: 200 },
        { header: 'Fecha', width: 100 },
        { header: 'Días', width: 60 },
        { header: 'Estado', width: 135 },
      ],
      rows: camion.vencimientos.map((v) => [
        v.concepto,
        f(v.fecha ?? v.fechaEstimada),
        v.diasRestantes === null ? '—' : String(v.diasRestantes),
        v.estado === 'vencido' ? 'Vencido' : 'Próximo',
      ]),
    });
  pdf.section('Inspecciones ITV');
  if (inspecciones.length === 0) pdf.paragraph('Sin inspecciones registradas');
  else
    pdf.table({
      columns: [
        { header: 'Fecha', width: 80 },
        { header: 'Estación', width: 170 },
        { header: 'Resultado', width: 90 },
        { header: 'Km', width: 75 },
        { header: 'Próxima ITV', width: 80 },
      ],
      rows: inspecciones.map((i) => [
        f(i.fecha),
        i.estacion ?? '—',
        RESULTADO_ITV_LABELS[i.resultado],
        km(i.km),
        f(i.proximaItv),
      ]),
    });
  pdf.section('Últimos mantenimientos');
  if (mantenimientos.length === 0) pdf.paragraph('Sin mantenimientos registrados');
  else
    pdf.table({
      columns: [
        { header: 'Fecha', width: 70 },
        { header: 'Tipo', width: 150 },
        { header: 'Taller', width: 130 },
        { header: 'Km', width: 70 },
        { header: 'Coste', width: 75 },
      ],
      rows: mantenimientos.map((m) => [
        f(m.fecha),
        TIPO_MANTENIMIENTO_CAMION_LABELS[m.tipo],
        m.taller,
        km(m.km),
        formatEuros(m.coste),
      ]),
    });
  return pdf.end();
};
