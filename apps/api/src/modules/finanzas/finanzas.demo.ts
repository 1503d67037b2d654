import type { Empresa } from '@tvsistema/domain/systems';
import type { DemoContext } from '../../module.js';
import { crearDireccionDemo, type DireccionDemo } from '../localizacion/index.js';
import { sumarDias } from '@tvsistema/domain/fechas';
import { createComprasService } from './compras.service.js';
import { createEmisoresService } from './emisores.service.js';
import { hayFacturas, parteDemo } from './facturas.repository.js';
import { createFacturasService } from './facturas.service.js';

/** The three companies of the demo world (modules/README.md, "Companies"). */
const EMISORES: readonly {
  empresa: Empresa;
  razonSocial: string;
  nif: string;
  direccion: DireccionDemo;
  iban: string;
  epigrafeIae: string | null;
}[] = [
  {
    empresa: 'alquileres',
    razonSocial: 'Alquiler de Maquinaria Mallorca, S.L.',
    nif: 'B07654320',
    direccion: {
      municipio: 'Palma',
      calle: 'Camí Vell de Bunyola',
      altura: 37,
      codigoPostal: '07009',
    },
    iban: 'ES6000810573880001234567',
    epigrafeIae: '852',
  },
  {
    empresa: 'transporte',
    razonSocial: 'Mallorca Transporta, S.L.',
    nif: 'B07123458',
    direccion: {
      municipio: 'Palma',
      calle: 'Carrer del Gremi de Forners',
      altura: 12,
      codigoPostal: '07009',
    },
    iban: 'ES0320386543966000123456',
    epigrafeIae: '722',
  },
  {
    empresa: 'verticales',
    razonSocial: 'Trabajos Verticales Mallorca, S.L.',
    nif: 'B07456783',
    direccion: {
      municipio: 'Palma',
      calle: 'Carrer del Gremi de Fusters',
      altura: 21,
      codigoPostal: '07009',
    },
    iban: 'ES5521000815590200456789',
    epigrafeIae: null,
  },
];

/**
 * Finanzas' part of the demo world, in two steps: the emisores first, each once (a stored one is
 * left as it is), as the other modules' documents need them; its own documents last
 * (`demoFinal`), as they bill logística's albaranes.
 */
export const demo = async ({ database }: DemoContext) => {
  const service = createEmisoresService(database);
  for (const emisor of EMISORES) {
    if ((await service.get(emisor.empresa)).version > 0) continue;
    const direccion = await crearDireccionDemo(database, emisor.direccion);
    await service.put(
      undefined,
      emisor.empresa,
      {
        razonSocial: emisor.razonSocial,
        nif: emisor.nif,
        direccion,
        telefono: null,
        email: null,
        iban: emisor.iban,
        bic: null,
        registroMercantil: null,
        epigrafeIae: emisor.epigrafeIae,
        descripcionOperacion: null,
        diasVencimiento: 30,
      },
      0,
    );
  }
};

const linea = (descripcion: string, precio: string, extra: Record<string, unknown> = {}) => ({
  descripcion,
  cantidad: '1',
  unidad: 'ud',
  precioUnitario: precio,
  descuentoPct: '0',
  naturaleza: 'otro' as const,
  tratamiento: 'general' as const,
  tipoIva: 21 as const,
  ...extra,
});

/**
 * finanzas.md §8: the billing conditions, the invoices (issued through the service with the clock
 * at each document's date and the simulated sender), the borrador, the cobros and the purchases.
 * The transport invoices bill logística's albaranes through its source; the rental ones are
 * issued with the lines of the design (manual lines naming their alquiler).
 */
export const demoFinal = async ({ database, today, fuentes }: DemoContext) => {
  if (await hayFacturas(database.db)) return;
  let dia = today;
  const reloj = { today: () => dia, now: () => new Date(`${dia}T10:00:00+01:00`) };
  const facturas = createFacturasService({ database, reloj, fuentes });
  const compras = createComprasService({ database, reloj, archivoDe: async () => undefined });
  const T = (n: number) => sumarDias(today, n);
  const cliente = (empresa: string, nombre: string) =>
    parteDemo(database.db, 'cliente', empresa, nombre);
  const proveedor = (empresa: string, nombre: string) =>
    parteDemo(database.db, 'proveedor', empresa, nombre);
  const ferrer = await cliente('alquileres', 'Construcciones Ferrer Pons, S.L.');
  const hotel = await cliente('alquileres', 'Hotel Cala Major, S.A.');
  const tramuntana = await cliente('alquileres', 'Reformas Tramuntana, S.L.');
  const miquel = await cliente('alquileres', 'Miquel Oliver Riera');
  const serra = await cliente('transporte', 'Hormigones Serra Coll, S.L.');
  const arids = await cliente('transporte', 'Àrids Son Ferrer, S.L.');
  if (!ferrer || !hotel || !tramuntana || !miquel || !serra || !arids) return;
  const condiciones = [
    [ferrer, { contratistaObra: true }],
    [hotel, { diasVencimiento: 15 }],
    [
      serra,
      {
        formaPago: 'domiciliacion',
        ibanCliente: 'ES02 0049 1890 7821 1065 4321',
        referenciaMandato: 'SERRA-2024-01',
      },
    ],
  ] as const;
  for (const [id, c] of condiciones)
    await facturas.guardarCondiciones(undefined, id, { ...c, version: 0 } as never, 0);

  const cobrar = async (f: { _id: string }, fecha: number, importe: string, medio: string) => {
    dia = T(fecha);
    const actual = await facturas.get(undefined, f._id, 'factura');
    await facturas.cobrar(
      undefined,
      f._id,
      'factura',
      { fecha: dia, importe, medio },
      actual.version,
    );
  };

  /**
   * An invoice of what a billing source offers (the user's "Facturar alquileres" and "Facturar
   * albaranes"): README's F-, FS- and T- invoices bill comercial's rentals and logística's
   * albaranes. `numeros` are the origins' sequences ("00001"); undefined when the source does not
   * offer them all (a module's seed missing).
   */
  const deOrigenes = async (
    origenTipo: 'alquiler' | 'albaran',
    empresa: string,
    fecha: number,
    numeros: readonly string[],
  ) => {
    dia = T(fecha);
    const pendientes = await facturas.pendientes(undefined, origenTipo, { empresa, hasta: dia });
    const ids = pendientes
      .filter((p) => numeros.some((n) => p.numero.endsWith(`-${n}`)))
      .map((p) => p.origenId);
    if (ids.length !== numeros.length) return undefined;
    const [id] = await facturas.desdeOrigenes(undefined, origenTipo, empresa, dia, ids);
    if (!id) return undefined;
    const borrador = await facturas.get(undefined, id, 'factura');
    return (await facturas.emitir(undefined, id, 'factura', borrador.version)).data;
  };
  const f1 = await deOrigenes('alquiler', 'alquileres', -45, ['00001']);
  if (f1) await cobrar(f1, -30, f1.pendiente, 'transferencia');
  await deOrigenes('alquiler', 'alquileres', -30, ['00002']);
  const f3 = await deOrigenes('alquiler', 'alquileres', -28, ['00004']);
  if (f3) {
    dia = T(-20);
    const r1 = await facturas.create(undefined, 'rectificativa', {
      empresa: 'alquileres',
      clienteId: tramuntana,
      tipoFactura: 'R1',
      facturaRectificadaId: f3._id,
      tipoRectificacion: 'I',
      motivo: 'Día de lluvia sin uso',
      lineas: [linea('Día de lluvia sin uso', '50.00', { cantidad: '-1', naturaleza: 'alquiler' })],
    } as never);
    await facturas.emitir(undefined, r1._id, 'rectificativa', r1.version);
  }
  const fs1 = await deOrigenes('alquiler', 'alquileres', -10, ['00006']);
  if (fs1) await cobrar(fs1, -10, fs1.pendiente, 'efectivo');
  dia = today;
  await facturas.create(undefined, 'factura', {
    empresa: 'alquileres',
    clienteId: hotel,
    lineas: [linea('Limpieza de máquina', '45.00')],
  } as never);
  const t1 = await deOrigenes('albaran', 'transporte', -35, ['00001', '00002', '00003']);
  if (t1) await cobrar(t1, -5, t1.pendiente, 'domiciliacion');
  await deOrigenes('albaran', 'transporte', -15, ['00004', '00005']);

  const compra = async (
    fecha: number,
    empresa: string,
    proveedorNombre: string,
    numero: string,
    descripcion: string,
    base: string,
    extra: Record<string, unknown> = {},
    pago?: number,
  ) => {
    const proveedorId = await proveedor(empresa, proveedorNombre);
    if (!proveedorId) return;
    dia = T(fecha);
    const c = await compras.create(undefined, {
      empresa,
      proveedorId,
      numeroFacturaProveedor: numero,
      fechaExpedicion: T(fecha - 2),
      lineas: [
        {
          descripcion,
          base,
          tipoIva: 21,
          tratamiento: 'general',
          deduciblePct: '100',
          bienInversion: false,
        },
      ],
      ...extra,
    } as never);
    if (pago !== undefined) {
      dia = T(pago);
      await compras.pagar(
        undefined,
        c._id,
        { fecha: dia, importe: c.totalAPagar, medio: 'transferencia' },
        c.version,
      );
    }
  };
  await compra(
    -40,
    'alquileres',
    'Joana Rosselló Font',
    'JR-014',
    'Asesoría fiscal',
    '300.00',
    { retencionPct: '15' },
    -38,
  );
  await compra(
    -20,
    'alquileres',
    'Talleres Son Castelló, S.L.',
    'TSC-2291',
    'Reparación DUM-001',
    '500.00',
  );
  await compra(-50, 'transporte', 'Neumàtics Llevant, S.L.', 'NL-0412', '4 neumáticos', '800.00');
  await compra(
    -35,
    'transporte',
    'Gasóleos Sastre, S.L.',
    'GS-7781',
    'Gasóleo',
    '1200.00',
    {},
    -33,
  );
};
