import type { Compra, Factura, Paginated } from '@tvsistema/domain';

// Records as the API answers them (finanzas.md §9 scenarios 11 and 17), for the screens' tests.

export const FACTURA_ID = '0b5f5d0e-1a2b-4c3d-8e9f-000000000501';
export const NOTA_ID = '0b5f5d0e-1a2b-4c3d-8e9f-000000000502';
export const COMPRA_ID = '0b5f5d0e-1a2b-4c3d-8e9f-000000000503';
export const CLIENTE_ID = '0b5f5d0e-1a2b-4c3d-8e9f-000000000504';
export const PROVEEDOR_ID = '0b5f5d0e-1a2b-4c3d-8e9f-000000000505';

const linea = {
  id: 'l1',
  orden: 0,
  conceptoId: null,
  descripcion: 'Alquiler de plataforma elevadora',
  cantidad: '1.0000',
  unidad: 'ud',
  precioUnitario: '875.0000',
  descuentoPct: '0',
  naturaleza: 'alquiler' as const,
  tratamiento: 'general' as const,
  causa: null,
  tipoIva: 21,
  base: '875.00',
  origen: null,
};

export const aFactura = (overrides: Partial<Factura> = {}): Factura => ({
  _id: FACTURA_ID,
  empresa: 'alquileres',
  clase: 'factura',
  tipoFactura: 'F1',
  estado: 'emitida',
  vencida: false,
  rectificadaParcialmente: false,
  serie: 'F',
  ejercicio: 2026,
  secuencial: 1,
  numero: 'F2026-00001',
  fechaExpedicion: '2026-03-02',
  fechaVencimiento: '2026-03-17',
  fechaOperacion: null,
  clienteId: CLIENTE_ID,
  cliente: { nombre: 'Hotel Cala Major S.L.', documento: 'B07123456', direccion: [] },
  emisor: null,
  formaPago: 'transferencia',
  diasVencimiento: 15,
  retencionPct: '0',
  recargoEquivalencia: false,
  referenciaCliente: null,
  descripcionOperacion: 'Alquiler de maquinaria y andamios',
  observaciones: null,
  origen: 'manual',
  lineas: [linea],
  desglose: [],
  baseImponible: '875.00',
  cuotaIva: '183.75',
  cuotaRecargo: '0.00',
  importeTotal: '1058.75',
  retencion: '0.00',
  totalAPagar: '1058.75',
  cobrado: '0.00',
  pendiente: '1058.75',
  facturaRectificadaId: null,
  facturaRectificadaNumero: null,
  tipoRectificacion: null,
  motivo: null,
  motivoAnulacion: null,
  anuladaAt: null,
  verifactu: null,
  cobros: [],
  notas: [],
  version: 2,
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
  ...overrides,
});

/** Scenario 11: an R1 por diferencias of −100,00 at 21 %, settled by compensación. */
export const aNota = (overrides: Partial<Factura> = {}): Factura =>
  aFactura({
    _id: NOTA_ID,
    clase: 'rectificativa',
    tipoFactura: 'R1',
    estado: 'cobrada',
    serie: 'R',
    numero: 'R2026-00001',
    lineas: [{ ...linea, cantidad: '-1.0000', precioUnitario: '100.0000', base: '-100.00' }],
    baseImponible: '-100.00',
    cuotaIva: '-21.00',
    importeTotal: '-121.00',
    totalAPagar: '-121.00',
    cobrado: '-121.00',
    pendiente: '0.00',
    facturaRectificadaId: FACTURA_ID,
    facturaRectificadaNumero: 'F2026-00001',
    tipoRectificacion: 'I',
    motivo: 'Error en el precio',
    ...overrides,
  });

/** Scenario 17: base 300,00 at 21 % with a 15 % retención. */
export const aCompra = (overrides: Partial<Compra> = {}): Compra => ({
  _id: COMPRA_ID,
  empresa: 'alquileres',
  numeroRegistro: 'C2026-00001',
  estado: 'pendiente',
  vencida: false,
  proveedorId: PROVEEDOR_ID,
  proveedor: { nombre: 'Joana Rosselló Font', documento: '43123456A' },
  numeroFacturaProveedor: 'JR-2026-014',
  tipoFactura: 'F1',
  facturaRectificadaProveedor: null,
  fechaExpedicion: '2026-03-01',
  fechaOperacion: null,
  fechaRecepcion: '2026-03-02',
  fechaVencimiento: '2026-04-01',
  formaPago: 'transferencia',
  simplificadaCualificada: false,
  lineas: [
    {
      descripcion: 'Reparación de grupo electrógeno',
      cuentaGasto: '622',
      base: '300.00',
      tipoIva: 21,
      tratamiento: 'general',
      deduciblePct: '100',
      bienInversion: false,
      cuota: '63.00',
      cuotaDeducible: '63.00',
    },
  ],
  retencionPct: '15',
  baseImponible: '300.00',
  cuotaIva: '63.00',
  cuotaDeducible: '63.00',
  importeTotal: '363.00',
  retencion: '45.00',
  totalAPagar: '318.00',
  pagado: '0.00',
  pendiente: '318.00',
  archivo: null,
  observaciones: null,
  motivoAnulacion: null,
  pagos: [],
  version: 1,
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
  ...overrides,
});

export const aPage = <T>(
  data: T[],
): Paginated<T> & {
  meta: { sumas: { base: string; total: string; pendiente: string; vencido: string } };
} => ({
  data,
  meta: {
    page: 1,
    limit: 20,
    total: data.length,
    totalPages: 1,
    sumas: { base: '0.00', total: '0.00', pendiente: '0.00', vencido: '0.00' },
  },
});
