import { checkSpanishDocument } from '@tvsistema/domain/documento';
import { formatFecha } from '@tvsistema/domain/format';
import { addDecimals, compareDecimals, sumDecimals } from '@tvsistema/domain/money';
import type { Database } from '../../db/database.js';
import { datosEmisor } from './emisores.service.js';
import {
  cobrosEnEfectivo,
  facturasEmitidasEntre,
  facturasEmitidasPorLotes,
  type FacturaLibro,
  type FacturaRow,
} from './facturas.repository.js';
import type { CompraRow } from './compras.repository.js';
import {
  comprasRecibidasEntre,
  comprasRecibidasPorLotes,
  pagosEnEfectivo,
} from './fiscal.repository.js';
import { decimalComa } from './finanzas-csv.js';

// finanzas.md rules 16–17: the AEAT books (libro registro de facturas expedidas and recibidas,
// CSV in the AEAT layout) and the modelo 347.

export const PERIODOS = ['1T', '2T', '3T', '4T', '0A'] as const;
export type Periodo = (typeof PERIODOS)[number];

export const rangoPeriodo = (ejercicio: number, periodo: Periodo): [string, string] => {
  const q = {
    '1T': ['01-01', '03-31'],
    '2T': ['04-01', '06-30'],
    '3T': ['07-01', '09-30'],
    '4T': ['10-01', '12-31'],
    '0A': ['01-01', '12-31'],
  }[periodo];
  return [`${ejercicio}-${q[0]}`, `${ejercicio}-${q[1]}`];
};
const trimestreDe = (fecha: string): Periodo =>
  (['1T', '2T', '3T', '4T'] as const)[Math.floor((Number(fecha.slice(5, 7)) - 1) / 3)] as Periodo;

/** The AEAT design of the libro de facturas expedidas: 36 columns, two header rows. */
export const CABECERA_EXPEDIDAS: readonly [string[], string[]] = [
  [
    'Autoliquidación',
    '',
    'Actividad',
    '',
    '',
    'Tipo de Factura',
    'Concepto de Ingreso',
    'Ingreso Computable',
    'Fecha Expedición',
    'Fecha Operación',
    'Identificación de la Factura',
    '',
    '',
    'NIF Destinatario',
    '',
    '',
    'Nombre Destinatario',
    'Clave de Operación',
    'Calificación de la Operación',
    'Operación Exenta',
    'Total Factura',
    'Base Imponible',
    'Tipo de IVA',
    'Cuota IVA Repercutida',
    'Tipo de Recargo eq.',
    'Cuota Recargo eq.',
    'Cobro (Operación Criterio de Caja)',
    '',
    '',
    '',
    'Tipo Retención del IRPF',
    'Importe Retenido del IRPF',
    'Registro Acuerdo Facturación',
    'Inmueble',
    '',
    'Referencia Externa',
  ],
  [
    'Ejercicio',
    'Periodo',
    'Código',
    'Tipo',
    'Grupo o Epígrafe del IAE',
    '',
    '',
    '',
    '',
    '',
    'Serie',
    'Número',
    'Número-Final',
    'Tipo',
    'Código País',
    'Identificación',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    'Fecha',
    'Importe',
    'Medio Utilizado',
    'Identificación Medio Utilizado',
    '',
    '',
    '',
    'Situación',
    'Referencia Catastral',
    '',
  ],
];

/** The AEAT design of the libro de facturas recibidas: 42 columns, two header rows. */
export const CABECERA_RECIBIDAS: readonly [string[], string[]] = [
  [
    'Autoliquidación',
    '',
    'Actividad',
    '',
    '',
    'Tipo de Factura',
    'Concepto de Gasto',
    'Gasto Deducible',
    'Fecha Expedición',
    'Fecha Operación',
    'Identificación Factura del Expedidor',
    '',
    'Fecha Recepción',
    'Número Recepción',
    'Número Recepción Final',
    'NIF Expedidor',
    '',
    '',
    'Nombre Expedidor',
    'Clave de Operación',
    'Bien de Inversión',
    'Inversión del Sujeto Pasivo',
    'Deducible en Periodo Posterior',
    'Periodo Deducción',
    '',
    'Total Factura',
    'Base Imponible',
    'Tipo de IVA',
    'Cuota IVA Soportado',
    'Cuota Deducible',
    'Tipo de Recargo eq.',
    'Cuota Recargo eq.',
    'Pago (Operación Criterio de Caja)',
    '',
    '',
    '',
    'Tipo Retención del IRPF',
    'Importe Retenido del IRPF',
    'Registro Acuerdo Facturación',
    'Inmueble',
    '',
    'Referencia Externa',
  ],
  [
    'Ejercicio',
    'Periodo',
    'Código',
    'Tipo',
    'Grupo o Epígrafe del IAE',
    '',
    '',
    '',
    '',
    '',
    '(Serie-Número)',
    'Número-Final',
    '',
    '',
    '',
    'Tipo',
    'Código País',
    'Identificación',
    '',
    '',
    '',
    '',
    '',
    'Ejercicio',
    'Periodo',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    'Fecha',
    'Importe',
    'Medio Utilizado',
    'Identificación Medio Utilizado',
    '',
    '',
    '',
    'Situación',
    'Referencia Catastral',
    '',
  ],
];

const tipoPct = (valor: string | number) => decimalComa(Number(valor).toFixed(2));
const nifTipo = (documento: string | null) =>
  documento && checkSpanishDocument(documento) === 'valid' ? '' : '06';

type Fila = (string | number)[];

/**
 * A book's CSV rows batch by batch: its two header rows go with the first batch (alone when the
 * period has no record), so the answer streams while the database is still read.
 */
async function* conCabecera<T>(
  cabecera: readonly [string[], string[]],
  registros: AsyncIterable<T[]>,
  filas: (registro: T) => Fila[],
): AsyncGenerator<Fila[]> {
  let pendiente: Fila[] = [[...cabecera[0]], [...cabecera[1]]];
  for await (const lote of registros) {
    yield [...pendiente, ...lote.flatMap(filas)];
    pendiente = [];
  }
  if (pendiente.length > 0) yield pendiente;
}
type LibroFactura = FacturaLibro;
type LibroCompra = CompraRow;

export const createFiscalService = (database: Database) => {
  const db = database.db;
  return {
    libroExpedidas: async (empresa: string, ejercicio: number, periodo: Periodo) => {
      const emisor = await datosEmisor(db, empresa as 'alquileres');
      const [desde, hasta] = rangoPeriodo(ejercicio, periodo);
      const fila = (f: LibroFactura, g: LibroFactura['desglose'][number]): Fila => [
        ejercicio,
        trimestreDe(f.fechaExpedicion ?? desde),
        'A',
        '03',
        emisor.epigrafeIae ?? '',
        f.tipoFactura,
        '',
        '',
        formatFecha(f.fechaExpedicion ?? ''),
        f.fechaOperacion ? formatFecha(f.fechaOperacion) : '',
        '',
        f.numero ?? '',
        '',
        nifTipo(f.cliente.documento),
        f.cliente.paisCodigo && f.cliente.paisCodigo !== 'ES' ? f.cliente.paisCodigo : '',
        f.cliente.documento ?? '',
        f.cliente.nombre,
        '01',
        g.calificacion ?? '',
        g.exencion ?? '',
        decimalComa(f.importeTotal),
        decimalComa(g.base),
        g.calificacion === 'S1' ? tipoPct(g.tipoIva) : '',
        g.calificacion === 'S1' ? decimalComa(g.cuota) : '',
        g.tipoRecargo ? decimalComa(g.tipoRecargo) : '',
        g.tipoRecargo ? decimalComa(g.cuotaRecargo) : '',
        '',
        '',
        '',
        '',
        compareDecimals(f.retencion, 0) !== 0 ? tipoPct(f.retencionPct) : '',
        compareDecimals(f.retencion, 0) !== 0 ? decimalComa(f.retencion) : '',
        '',
        '',
        '',
        f.id,
      ];
      const lotes = conCabecera(
        CABECERA_EXPEDIDAS,
        facturasEmitidasPorLotes(database, empresa, desde, hasta),
        (f) => f.desglose.map((g) => fila(f, g)),
      );
      return { lotes, archivo: `${ejercicio}${emisor.nif}E.csv` };
    },

    libroRecibidas: async (empresa: string, ejercicio: number, periodo: Periodo) => {
      const emisor = await datosEmisor(db, empresa as 'alquileres');
      const [desde, hasta] = rangoPeriodo(ejercicio, periodo);
      const fila = (c: LibroCompra, l: LibroCompra['lineas'][number]): Fila => {
        const isp = l.tratamiento === 'isp';
        return [
          ejercicio,
          trimestreDe(c.fechaRecepcion),
          'A',
          '03',
          emisor.epigrafeIae ?? '',
          c.tipoFactura,
          '',
          '',
          formatFecha(c.fechaExpedicion),
          c.fechaOperacion ? formatFecha(c.fechaOperacion) : '',
          c.numeroFacturaProveedor,
          '',
          formatFecha(c.fechaRecepcion),
          c.numeroRegistro,
          '',
          nifTipo(c.proveedor.documento),
          '',
          c.proveedor.documento ?? '',
          c.proveedor.nombre,
          '01',
          l.bienInversion ? 'S' : 'N',
          isp ? 'S' : 'N',
          'N',
          '',
          '',
          decimalComa(c.importeTotal),
          decimalComa(l.base),
          l.tratamiento === 'general' || isp ? tipoPct(l.tipoIva) : '',
          decimalComa(l.cuota),
          decimalComa(l.cuotaDeducible),
          '',
          '',
          '',
          '',
          '',
          '',
          compareDecimals(c.retencion, 0) !== 0 ? tipoPct(c.retencionPct) : '',
          compareDecimals(c.retencion, 0) !== 0 ? decimalComa(c.retencion) : '',
          '',
          '',
          '',
          c.id,
        ];
      };
      const lotes = conCabecera(
        CABECERA_RECIBIDAS,
        comprasRecibidasPorLotes(database, empresa, desde, hasta),
        (c) => c.lineas.map((l) => fila(c, l)),
      );
      return { lotes, archivo: `${ejercicio}${emisor.nif}R.csv` };
    },

    /** Rule 16: the modelo 347 of an empresa and year. */
    modelo347: async (empresa: string, ejercicio: number) => {
      const [desde, hasta] = rangoPeriodo(ejercicio, '0A');
      const facturas = await facturasEmitidasEntre(db, empresa, desde, hasta);
      const compras = await comprasRecibidasEntre(db, empresa, desde, hasta);
      type Tercero = {
        nif: string;
        nombre: string;
        clave: 'A' | 'B';
        trimestres: [string, string, string, string];
        metalico: string;
      };
      const terceros = new Map<string, Tercero>();
      let conRetencion = 0;
      let sinNif = 0;
      const sumar = (
        clave: 'A' | 'B',
        nif: string,
        nombre: string,
        fecha: string,
        importe: string,
      ) => {
        const k = `${clave}|${nif}`;
        const t = terceros.get(k) ?? {
          nif,
          nombre,
          clave,
          trimestres: ['0', '0', '0', '0'],
          metalico: '0',
        };
        const q = Math.floor((Number(fecha.slice(5, 7)) - 1) / 3);
        t.trimestres[q] = addDecimals(t.trimestres[q] as string, importe);
        terceros.set(k, t);
        return t;
      };
      const efectivoF = await cobrosEnEfectivo(
        db,
        facturas.map((f) => f.id),
      );
      const porFactura = new Map<string, FacturaRow>(facturas.map((f) => [f.id, f]));
      for (const f of facturas) {
        if (compareDecimals(f.retencion, 0) !== 0) {
          conRetencion += 1;
          continue;
        }
        const nif = f.cliente.documento;
        if (!nif || checkSpanishDocument(nif) !== 'valid') {
          sinNif += 1;
          continue;
        }
        sumar('B', nif, f.cliente.nombre, f.fechaExpedicion ?? desde, f.importeTotal);
      }
      for (const c of efectivoF) {
        const f = porFactura.get(c.facturaId);
        const nif = f?.cliente.documento;
        const t = nif ? terceros.get(`B|${nif}`) : undefined;
        if (t) t.metalico = addDecimals(t.metalico, c.importe);
      }
      const efectivoC = await pagosEnEfectivo(
        db,
        compras.map((c) => c.id),
      );
      for (const c of compras) {
        if (compareDecimals(c.retencion, 0) !== 0) {
          conRetencion += 1;
          continue;
        }
        const nif = c.proveedor.documento;
        if (!nif || checkSpanishDocument(nif) !== 'valid') {
          sinNif += 1;
          continue;
        }
        sumar('A', nif, c.proveedor.nombre, c.fechaRecepcion, c.importeTotal);
      }
      for (const p of efectivoC) {
        const c = compras.find((x) => x.id === p.compraId);
        const t = c?.proveedor.documento ? terceros.get(`A|${c.proveedor.documento}`) : undefined;
        if (t) t.metalico = addDecimals(t.metalico, p.importe);
      }
      const data = [...terceros.values()]
        .map((t) => ({ ...t, total: sumDecimals(t.trimestres) }))
        .filter((t) => compareDecimals(t.total, '3005.06') > 0)
        .map((t) => ({
          nif: t.nif,
          nombre: t.nombre,
          clave: t.clave,
          t1: sumDecimals([t.trimestres[0]]),
          t2: sumDecimals([t.trimestres[1]]),
          t3: sumDecimals([t.trimestres[2]]),
          t4: sumDecimals([t.trimestres[3]]),
          total: t.total,
          metalico: compareDecimals(t.metalico, '6000.00') > 0 ? sumDecimals([t.metalico]) : '0.00',
        }))
        .sort((a, b) => a.clave.localeCompare(b.clave) || a.nombre.localeCompare(b.nombre));
      return { data, excluidos: { conRetencion, sinNif } };
    },
  };
};
