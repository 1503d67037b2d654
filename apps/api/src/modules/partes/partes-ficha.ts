import { EMPRESA_LABELS } from '@tvsistema/domain/systems';
import { CUENTAS_CONTABLES, type ParteTipo } from '@tvsistema/domain/partes';
import { diaEnMadrid } from '@tvsistema/domain/format';
import type { Executor } from '../../db/executor.js';
import { createPdf, generadoEl } from '../../pdf/pdf-document.js';
import { datosEmisor } from '../finanzas/index.js';
import type { ParteRecord } from './partes.service.js';

const TITLES: Readonly<Record<ParteTipo, string>> = {
  proveedor: 'Ficha de proveedor',
  cliente: 'Ficha de cliente',
};

const CUENTA_LABELS: Readonly<Record<string, string>> = {
  cuentaContableProveedor: 'Cuenta proveedor',
  cuentaContableCompra: 'Cuenta compra',
  cuentaContableCliente: 'Cuenta cliente',
  cuentaContableVenta: 'Cuenta venta',
  cuentaContableRetencion: 'Cuenta retención',
};

const addressText = (record: ParteRecord) => {
  const d = record.direccion;
  const street = [
    [d.calle, d.altura === null ? null : String(d.altura)].filter(Boolean).join(' '),
    d.planta ? `planta ${d.planta}` : null,
    d.local ? `local ${d.local}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return [
    street,
    [d.codigoPostal, d.ciudad ?? d.municipio].filter(Boolean).join(' '),
    d.provincia,
    d.pais,
  ]
    .filter(Boolean)
    .join(', ');
};

/** File name of a party's sheet: `ficha-proveedor-B07123458.pdf` (its id without documento). */
export const fichaFileName = (tipo: ParteTipo, record: ParteRecord) =>
  `ficha-${tipo}-${(record.documento ?? record._id).replace(/[^A-Za-z0-9-]/g, '')}.pdf`;

/**
 * The "Ficha de proveedor" / "Ficha de cliente" (issue 11): the party's data on its empresa's
 * letterhead, with a QR code of its documento for scanning at the counter.
 */
export const fichaParte = async (
  tx: Executor,
  tipo: ParteTipo,
  record: ParteRecord,
): Promise<Buffer> => {
  const emisor = await datosEmisor(tx, record.empresa);
  const pdf = createPdf(record.empresa, emisor, { title: `${TITLES[tipo]} ${record.nombre}` });
  pdf.title(TITLES[tipo]);
  pdf.paragraph(generadoEl(diaEnMadrid()));
  pdf.section('Identificación');
  pdf.field('Nombre/Razón social', record.nombre);
  pdf.field('NIF', record.documento);
  pdf.field('Empresa', EMPRESA_LABELS[record.empresa]);
  pdf.field('Estado', record.activo ? 'Activo' : 'Inactivo');
  pdf.section('Dirección');
  pdf.paragraph(addressText(record) || '—');
  const cuentas = CUENTAS_CONTABLES[tipo].filter((cuenta) => record[cuenta as keyof ParteRecord]);
  if (cuentas.length > 0) {
    pdf.section('Cuentas contables');
    for (const cuenta of cuentas) {
      pdf.field(CUENTA_LABELS[cuenta] ?? cuenta, String(record[cuenta as keyof ParteRecord] ?? ''));
    }
  }
  pdf.section('Contactos');
  if (record.contactos.length === 0) pdf.paragraph('—');
  else
    pdf.table({
      columns: [
        { header: 'Nombre', width: 190 },
        { header: 'Teléfono', width: 110 },
        { header: 'Correo electrónico', width: 195 },
      ],
      rows: record.contactos.map((c) => [c.nombre, c.telefono ?? '', c.correo ?? '']),
    });
  if (record.observaciones.length > 0) {
    pdf.section('Observaciones');
    for (const line of record.observaciones) pdf.paragraph(`• ${line}`);
  }
  if (record.documento) await pdf.qr(record.documento, `NIF ${record.documento}`);
  return pdf.end();
};
