import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { formatFecha } from '@tvsistema/domain/format';
import {
  ESTADO_OBRA_LABEL,
  TIPO_TRABAJO_LABEL,
  type EstadoObra,
  type TipoTrabajo,
} from '@tvsistema/domain/obras';
import type { ObraCsv } from './obras.repository.js';

// §6 obras CSV: opens in Spanish Excel by double-click (UTF-8 BOM, `;`, CRLF, formula-safe),
// money and decimals with a comma.

const coma = (value: string | null) => (value === null ? '' : value.replace('.', ','));
const fecha = (value: string | null) => (value ? formatFecha(value) : '');

const COLUMNAS: readonly { header: string; value: (o: ObraCsv) => string | number }[] = [
  { header: 'Código', value: (o) => o.codigo },
  { header: 'Obra', value: (o) => o.nombre },
  { header: 'Cliente', value: (o) => o.cliente.nombre },
  { header: 'Documento cliente', value: (o) => o.cliente.documento ?? '' },
  {
    header: 'Dirección',
    value: (o) => [o.direccion.calle, o.direccion.altura].filter((v) => v !== null).join(' '),
  },
  { header: 'Ciudad', value: (o) => String(o.direccion.ciudad ?? '') },
  { header: 'Tipo de trabajo', value: (o) => TIPO_TRABAJO_LABEL[o.tipoTrabajo as TipoTrabajo] },
  { header: 'Estado', value: (o) => ESTADO_OBRA_LABEL[o.estado as EstadoObra] },
  { header: 'Inicio previsto', value: (o) => fecha(o.fechaInicioPrevista) },
  { header: 'Fin previsto', value: (o) => fecha(o.fechaFinPrevista) },
  { header: 'Inicio real', value: (o) => fecha(o.fechaInicioReal) },
  { header: 'Fin real', value: (o) => fecha(o.fechaFinReal) },
  { header: 'Presupuesto (€)', value: (o) => coma(o.importePresupuesto) },
  { header: 'Avance (%)', value: (o) => o.progreso },
  { header: 'Horas registradas', value: (o) => coma(o.horasTotales) },
  { header: 'Actualizado', value: (o) => fecha(o.updatedAt.slice(0, 10)) },
];

/** Streams the obras as CSV, pulling them only as fast as the client reads. */
export const obrasCsv = (obras: AsyncIterable<ObraCsv>): Readable => {
  const filas = Readable.from(
    (async function* aFilas() {
      for await (const o of obras) yield COLUMNAS.map((c) => c.value(o));
    })(),
  );
  const csv = stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: '\r\n',
    header: true,
    columns: COLUMNAS.map((c) => c.header),
    escape_formulas: true,
  });
  filas.on('error', (error) => csv.destroy(error));
  return filas.pipe(csv);
};
