import { formatEuros, formatFecha, formatNumero } from '@tvsistema/domain/format';
import { ivaLabel } from '@tvsistema/domain/fiscal';
import {
  COMBUSTIBLE_LABELS,
  TIPO_DOCUMENTO_MAQUINA_LABELS,
  TIPO_MAQUINA,
  UNIDAD_CONCEPTO_LABELS,
  type Componente,
  type Concepto,
  type Maquina,
  type TipoDocumentoMaquina,
} from '@tvsistema/domain/inventario';
import { addDecimals, multiplyDecimals } from '@tvsistema/domain/money';
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

const kg = (valor: string) => `${formatNumero(valor, 1)} kg`;

/** "Ficha técnica {codigo}": never the purchase price. */
export const fichaMaquinaPdf = async (
  tx: Executor,
  hoy: string,
  maquina: Maquina,
  documentos: { tipo: TipoDocumentoMaquina; fechaCaducidad: string | null }[],
) => {
  const titulo = `Ficha técnica ${maquina.codigoInterno}`;
  const pdf = createPdf('alquileres', await datosEmisor(tx, 'alquileres'), { title: titulo });
  pdf.title(titulo);
  pdf.paragraph(generadoEl(hoy));
  pdf.section('Identificación');
  pdf.field('Código', maquina.codigoInterno);
  pdf.field('Tipo', TIPO_MAQUINA[maquina.tipo].label);
  pdf.field('Marca y modelo', `${maquina.marca} ${maquina.modelo}`);
  pdf.field('Nº de serie', maquina.numeroSerie);
  pdf.field('Año', String(maquina.anio));
  pdf.field('Matrícula', maquina.matricula?.texto ?? '—');
  pdf.section('Datos técnicos');
  pdf.field('Peso', kg(maquina.pesoKg));
  const { largoMm, anchoMm, altoMm } = maquina.dimensiones;
  if (largoMm || anchoMm || altoMm)
    pdf.field(
      'Dimensiones (largo × ancho × alto)',
      [largoMm, anchoMm, altoMm].map((mm) => (mm ? formatNumero(mm) : '—')).join(' × ') + ' mm',
    );
  pdf.field('Combustible', COMBUSTIBLE_LABELS[maquina.combustible]);
  pdf.field('Horómetro', `${formatNumero(maquina.horometro, 1)} h`);
  for (const c of maquina.caracteristicas) pdf.field(c.nombre, c.valor);
  pdf.section('Tarifas (IVA no incluido)');
  pdf.field('Día', formatEuros(maquina.tarifas.dia));
  if (maquina.tarifas.semana) pdf.field('Semana', formatEuros(maquina.tarifas.semana));
  if (maquina.tarifas.mes) pdf.field('Mes', formatEuros(maquina.tarifas.mes));
  pdf.field('Horas incluidas por día', String(maquina.tarifas.horasIncluidasDia));
  if (maquina.tarifas.horaExtra) pdf.field('Hora extra', formatEuros(maquina.tarifas.horaExtra));
  if (maquina.tarifas.fianza) pdf.field('Fianza', formatEuros(maquina.tarifas.fianza));
  const vigentes = documentos.filter((d) => d.fechaCaducidad === null || d.fechaCaducidad >= hoy);
  pdf.section('Documentación en vigor');
  if (vigentes.length === 0) pdf.paragraph('—');
  else
    pdf.table({
      columns: [
        { header: 'Documento', width: 330 },
        { header: 'Caducidad', width: 165 },
      ],
      rows: vigentes.map((d) => [
        TIPO_DOCUMENTO_MAQUINA_LABELS[d.tipo],
        d.fechaCaducidad ? formatFecha(d.fechaCaducidad) : '—',
      ]),
    });
  if (maquina.planRevisiones.length > 0) {
    pdf.section('Revisiones');
    pdf.table({
      columns: [
        { header: 'Revisión', width: 200 },
        { header: 'Última', width: 145 },
        { header: 'Próxima', width: 150 },
      ],
      rows: maquina.planRevisiones.map((r) => [
        r.nombre,
        `${formatFecha(r.ultimaFecha)} · ${formatNumero(r.ultimasHoras, 1)} h`,
        [
          r.proximaFecha ? formatFecha(r.proximaFecha) : null,
          r.proximasHoras ? `${formatNumero(r.proximasHoras, 1)} h` : null,
        ]
          .filter(Boolean)
          .join(' o '),
      ]),
    });
  }
  return pdf.end();
};

/** "Inventario de andamios a {fecha}": the active components, with totals. */
export const inventarioAndamiosPdf = async (
  tx: Executor,
  fecha: string,
  hoy: string,
  componentes: Componente[],
) => {
  const titulo = `Inventario de andamios a ${formatFecha(fecha)}`;
  const pdf = createPdf('alquileres', await datosEmisor(tx, 'alquileres'), { title: titulo });
  pdf.title(titulo);
  pdf.paragraph(generadoEl(hoy));
  let piezas = 0;
  let peso = '0';
  let valor = '0';
  const rows = componentes.map((c) => {
    const reposicion = c.precios.reposicion
      ? multiplyDecimals(c.precios.reposicion, c.stock.propiedad)
      : '0';
    piezas += c.stock.propiedad;
    peso = addDecimals(peso, c.pesoPropiedadKg);
    valor = addDecimals(valor, reposicion);
    return [
      c.codigo,
      c.nombre,
      formatNumero(c.pesoKg, 3),
      formatNumero(c.stock.disponible),
      formatNumero(c.stock.alquilado),
      formatNumero(c.stock.enReparacion),
      formatNumero(c.stock.propiedad),
      formatNumero(c.pesoPropiedadKg, 1),
      formatEuros(reposicion),
    ];
  });
  pdf.table({
    columns: [
      { header: 'Código', width: 58 },
      { header: 'Componente', width: 105 },
      { header: 'Peso ud.', width: 40 },
      { header: 'Disponible', width: 45 },
      { header: 'Alquilado', width: 45 },
      { header: 'En reparación', width: 48 },
      { header: 'En propiedad', width: 48 },
      { header: 'Peso total (kg)', width: 50 },
      { header: 'Valor de reposición', width: 56 },
    ],
    rows: [
      ...rows,
      [
        'Total',
        '',
        '',
        '',
        '',
        '',
        formatNumero(piezas),
        formatNumero(peso, 1),
        formatEuros(valor),
      ],
    ],
  });
  return pdf.end();
};
