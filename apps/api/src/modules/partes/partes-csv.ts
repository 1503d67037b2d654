import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { DIRECCION_FIELD_LABELS } from '@tvsistema/domain/localizacion';
import { CUENTAS_CONTABLES } from '@tvsistema/domain/partes';
import type { CuentaContable, Parte, ParteTipo } from '@tvsistema/domain/partes';
import { EMPRESA_LABELS } from '@tvsistema/domain/systems';
import type { Empresa } from '@tvsistema/domain/systems';

// The export opens in Spanish Excel by double-click: UTF-8 with a BOM (or accents break), `;`
// between fields (the list separator where the decimal mark is a comma) and CRLF line ends.

const CUENTA_LABELS = {
  cuentaContableProveedor: 'Cuenta contable proveedor',
  cuentaContableCompra: 'Cuenta contable compra',
  cuentaContableCliente: 'Cuenta contable cliente',
  cuentaContableVenta: 'Cuenta contable venta',
  cuentaContableRetencion: 'Cuenta contable retención',
} as const satisfies Record<CuentaContable, string>;

const dateTime = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

type Column = { header: string; value: (record: Parte) => string | number | null };

const first = (record: Parte) => record.contactos[0];

const baseColumns: readonly Column[] = [
  { header: 'Nombre', value: (r) => r.nombre },
  { header: 'Documento', value: (r) => r.documento },
  { header: 'Empresa', value: (r) => EMPRESA_LABELS[r.empresa] },
  { header: 'Estado', value: (r) => (r.activo ? 'Activo' : 'Inactivo') },
  { header: 'Contacto', value: (r) => first(r)?.nombre ?? null },
  { header: 'Teléfono', value: (r) => first(r)?.telefono ?? null },
  { header: 'Correo electrónico', value: (r) => first(r)?.correo ?? null },
  {
    header: 'Otros contactos',
    value: (r) =>
      r.contactos
        .slice(1)
        .map((c) => [c.nombre, c.telefono, c.correo].filter(Boolean).join(', '))
        .join(' | '),
  },
  // The address by its names, in the card's order with the postal code last.
  ...(
    [
      'pais',
      'provincia',
      'municipio',
      'ciudad',
      'calle',
      'altura',
      'planta',
      'local',
      'codigoPostal',
    ] as const
  ).map((field): Column => ({
    header: DIRECCION_FIELD_LABELS[field],
    value: (r) => r.direccion[field],
  })),
];

const auditColumns: readonly Column[] = [
  { header: 'Observaciones', value: (r) => r.observaciones.join(' | ') },
  { header: 'Creado', value: (r) => dateTime.format(new Date(r.createdAt)) },
  { header: 'Creado por', value: (r) => r.createdBy },
  { header: 'Modificado', value: (r) => dateTime.format(new Date(r.updatedAt)) },
  { header: 'Modificado por', value: (r) => r.updatedBy },
];

/** The export's columns for a party type, with its own accounting set (DESIGN decision 1). */
export const csvColumns = (tipo: ParteTipo): readonly Column[] => [
  ...baseColumns,
  ...CUENTAS_CONTABLES[tipo].map((cuenta): Column => ({
    header: CUENTA_LABELS[cuenta],
    value: (r) => (r as Partial<Record<CuentaContable, string | null>>)[cuenta] ?? null,
  })),
  ...auditColumns,
];

/** `proveedores-alquileres-2026-11-23.csv` (the date in Madrid). */
export const csvFileName = (tipo: ParteTipo, empresa: Empresa, now = new Date()): string => {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);
  return `${tipo === 'proveedor' ? 'proveedores' : 'clientes'}-${empresa}-${day}.csv`;
};

/** Streams the records as CSV, pulling them only as fast as the client reads. */
export const csvStream = (tipo: ParteTipo, records: AsyncIterable<Parte>): Readable => {
  const columns = csvColumns(tipo);
  const rows = Readable.from(
    (async function* toRows() {
      for await (const record of records) {
        yield columns.map((column) => column.value(record) ?? '');
      }
    })(),
  );
  const csv = stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: '\r\n',
    header: true,
    columns: columns.map((column) => column.header),
    // A cell starting with = + - @ would run as a formula when Excel opens the file.
    escape_formulas: true,
  });
  rows.on('error', (error) => csv.destroy(error));
  return rows.pipe(csv);
};
