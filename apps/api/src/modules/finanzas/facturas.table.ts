import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  char,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { GrupoDesglose, LineaFactura } from '@tvsistema/domain/finanzas';

// finanzas.md §2: invoices and credit notes (one table, `clase`), their cobros, the billed
// origins (exclusion constraint in the migration), VERI*FACTU records (append-only trigger) and
// purchases with their pagos. Lines are stored as a JSON array on the document: they are always
// read and written with it and never queried alone (decision 0032).

const dia = (name: string) => date(name, { mode: 'string' });
const importe = (name: string) => numeric(name, { precision: 14, scale: 2 });
/** A sum of many `importe`s. */
const suma = (name: string) => numeric(name, { precision: 18, scale: 2 });
const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const auditoria = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBySub: text('created_by_sub'),
  createdByEmail: text('created_by_email'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBySub: text('updated_by_sub'),
  updatedByEmail: text('updated_by_email'),
  version: integer('version').notNull().default(1),
});

export type ParteSnapshot = {
  nombre: string;
  documento: string | null;
  direccion: string[];
  tipoIdentificacion?: string;
  paisCodigo?: string;
};
export type VerifactuEstado = { estado: string; huella: string; qrUrl: string | null };

/**
 * The list's date order, newest first: the repository's FECHA_LISTA expression, written the same
 * so the planner matches it (an invoice's issue date, a draft's creation day in Madrid).
 */
const ordenLista = (t: { fechaExpedicion: AnyPgColumn; createdAt: AnyPgColumn; id: AnyPgColumn }) =>
  [
    sql`(coalesce(${t.fechaExpedicion}, (${t.createdAt} at time zone 'Europe/Madrid')::date)) desc nulls last`,
    sql`${t.createdAt} desc`,
    t.id,
  ] as const;

export const facturas = pgTable(
  'facturas',
  {
    id: id(),
    empresa: text('empresa').notNull(),
    clase: text('clase').notNull().default('factura'),
    tipoFactura: text('tipo_factura').notNull().default('F1'),
    estado: text('estado').notNull().default('borrador'),
    serie: text('serie'),
    ejercicio: integer('ejercicio'),
    secuencial: integer('secuencial'),
    numero: text('numero'),
    fechaExpedicion: dia('fecha_expedicion'),
    fechaVencimiento: dia('fecha_vencimiento'),
    fechaOperacion: dia('fecha_operacion'),
    clienteId: uuid('cliente_id').notNull(),
    cliente: jsonb('cliente').$type<ParteSnapshot>().notNull(),
    emisor: jsonb('emisor').$type<Record<string, unknown>>(),
    formaPago: text('forma_pago').notNull().default('transferencia'),
    diasVencimiento: integer('dias_vencimiento').notNull().default(30),
    retencionPct: numeric('retencion_pct', { precision: 5, scale: 2 }).notNull().default('0'),
    recargoEquivalencia: boolean('recargo_equivalencia').notNull().default(false),
    referenciaCliente: text('referencia_cliente'),
    descripcionOperacion: text('descripcion_operacion').notNull(),
    observaciones: text('observaciones'),
    origen: text('origen').notNull().default('manual'),
    lineas: jsonb('lineas').$type<LineaFactura[]>().notNull(),
    desglose: jsonb('desglose').$type<GrupoDesglose[]>().notNull(),
    baseImponible: importe('base_imponible').notNull(),
    cuotaIva: importe('cuota_iva').notNull(),
    cuotaRecargo: importe('cuota_recargo').notNull(),
    importeTotal: importe('importe_total').notNull(),
    retencion: importe('retencion').notNull(),
    totalAPagar: importe('total_a_pagar').notNull(),
    cobrado: importe('cobrado').notNull().default('0'),
    pendiente: importe('pendiente').notNull(),
    facturaRectificadaId: uuid('factura_rectificada_id'),
    tipoRectificacion: text('tipo_rectificacion'),
    motivo: text('motivo'),
    motivoAnulacion: text('motivo_anulacion'),
    anuladaAt: timestamp('anulada_at', { withTimezone: true }),
    anuladaBySub: text('anulada_by_sub'),
    verifactu: jsonb('verifactu').$type<VerifactuEstado>(),
    /** numero + normalised client name + NIF: what searchTerm matches (trigram). */
    busqueda: text('busqueda').notNull().default(''),
    ...auditoria(),
  },
  (t) => [
    check('facturas_empresa_check', sql`${t.empresa} IN ('alquileres', 'transporte')`),
    check('facturas_clase_check', sql`${t.clase} IN ('factura', 'rectificativa')`),
    check(
      'facturas_estado_check',
      sql`${t.estado} IN ('borrador', 'emitida', 'cobrada', 'rectificada', 'anulada')`,
    ),
    uniqueIndex('facturas_serie_key').on(t.empresa, t.serie, t.ejercicio, t.secuencial),
    // The list's default order (date desc): an invoice's issue date, a draft's Madrid creation day
    // (finanzas.md §10; decision 0032, revision of 29 November).
    index('facturas_lista_fecha_idx').on(t.empresa, t.clase, ...ordenLista(t)),
    // The same order within an estado (the list's estado filter), and the order by total.
    index('facturas_lista_estado_idx').on(t.empresa, t.clase, t.estado, ...ordenLista(t)),
    index('facturas_lista_total_idx').on(
      t.empresa,
      t.clase,
      sql`${t.importeTotal} desc nulls last`,
      sql`${t.createdAt} desc`,
      t.id,
    ),
    index('facturas_vencimiento_idx')
      .on(t.empresa, t.estado, t.fechaVencimiento)
      .where(sql`${t.estado} = 'emitida'`),
    index('facturas_cliente_idx').on(t.empresa, t.clienteId, t.fechaExpedicion),
    // Rule 17's book, streamed in keyset batches (finanzas.md §10): issued invoices in its order.
    index('facturas_libro_idx')
      .on(t.empresa, t.fechaExpedicion, t.serie, t.secuencial, t.id)
      .where(sql`${t.estado} IN ('emitida', 'cobrada', 'rectificada')`),
    index('facturas_rectificada_idx').on(t.facturaRectificadaId),
    index('facturas_busqueda_trgm_idx').using('gin', sql`${t.busqueda} gin_trgm_ops`),
  ],
);

/**
 * Per empresa, clase and estado: how many invoices and their sums, kept by statement triggers
 * (migration 0036), so the list's footer and total without filters (or by estado) read a few rows
 * instead of every invoice (finanzas.md §10; decision 0032, revision of 29 November).
 */
export const facturasSumas = pgTable(
  'facturas_sumas',
  {
    empresa: text('empresa').notNull(),
    clase: text('clase').notNull(),
    estado: text('estado').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    base: suma('base').notNull().default('0'),
    importe: suma('importe').notNull().default('0'),
    pendiente: suma('pendiente').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.empresa, t.clase, t.estado] })],
);

export const cobros = pgTable(
  'cobros',
  {
    id: id(),
    facturaId: uuid('factura_id')
      .notNull()
      .references(() => facturas.id),
    fecha: dia('fecha').notNull(),
    importe: importe('importe').notNull(),
    medio: text('medio').notNull(),
    referencia: text('referencia'),
    contrapartidaId: uuid('contrapartida_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBySub: text('created_by_sub'),
    createdByEmail: text('created_by_email'),
  },
  (t) => [index('cobros_factura_idx').on(t.facturaId, t.fecha)],
);

const daterange = customType<{ data: string; driverData: string }>({
  dataType: () => 'daterange',
});

export const facturaOrigenes = pgTable(
  'factura_origenes',
  {
    id: id(),
    facturaId: uuid('factura_id')
      .notNull()
      .references(() => facturas.id, { onDelete: 'cascade' }),
    lineaId: text('linea_id').notNull(),
    origenTipo: text('origen_tipo').notNull(),
    origenId: uuid('origen_id').notNull(),
    origenNumero: text('origen_numero').notNull(),
    origenLineaId: text('origen_linea_id').notNull(),
    periodo: daterange('periodo'),
    activo: boolean('activo').notNull().default(true),
  },
  (t) => [
    index('factura_origenes_origen_idx').on(t.origenTipo, t.origenId),
    index('factura_origenes_factura_idx').on(t.facturaId),
    uniqueIndex('factura_origenes_albaran_key')
      .on(t.origenTipo, t.origenId)
      .where(sql`${t.activo} AND ${t.origenTipo} = 'albaran'`),
  ],
);

export const verifactuRegistros = pgTable(
  'verifactu_registros',
  {
    orden: bigserial('orden', { mode: 'number' }).primaryKey(),
    empresa: text('empresa').notNull(),
    nif: text('nif').notNull(),
    tipo: text('tipo').notNull(),
    subsanacion: boolean('subsanacion').notNull().default(false),
    rechazoPrevio: text('rechazo_previo').notNull().default('N'),
    facturaId: uuid('factura_id').notNull(),
    numSerieFactura: text('num_serie_factura').notNull(),
    fechaExpedicionFactura: dia('fecha_expedicion_factura').notNull(),
    tipoFactura: text('tipo_factura'),
    cuotaTotal: importe('cuota_total'),
    importeTotal: importe('importe_total'),
    registroAnteriorOrden: bigint('registro_anterior_orden', { mode: 'number' }),
    huellaAnterior: char('huella_anterior', { length: 64 }),
    fechaHoraHusoGenRegistro: text('fecha_hora_huso_gen_registro').notNull(),
    cadena: text('cadena').notNull(),
    huella: char('huella', { length: 64 }).notNull(),
    contenido: jsonb('contenido').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verifactu_registros_nif_idx').on(t.nif, t.orden),
    index('verifactu_registros_empresa_idx').on(t.empresa, t.orden),
    index('verifactu_registros_factura_idx').on(t.facturaId),
  ],
);

export const verifactuCadenas = pgTable('verifactu_cadenas', {
  nif: text('nif').primaryKey(),
  ultimoOrden: bigint('ultimo_orden', { mode: 'number' }),
  ultimaHuella: char('ultima_huella', { length: 64 }),
  ultimoNumSerie: text('ultimo_num_serie'),
  ultimaFecha: dia('ultima_fecha'),
});

export const verifactuEnvios = pgTable(
  'verifactu_envios',
  {
    id: serial('id').primaryKey(),
    registroOrden: bigint('registro_orden', { mode: 'number' })
      .notNull()
      .references(() => verifactuRegistros.orden),
    intento: integer('intento').notNull().default(1),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    estado: text('estado').notNull(),
    csvAeat: text('csv_aeat'),
    codigoError: text('codigo_error'),
    descripcionError: text('descripcion_error'),
  },
  (t) => [index('verifactu_envios_registro_idx').on(t.registroOrden, t.id)],
);

export type LineaCompraRow = {
  descripcion: string;
  cuentaGasto: string | null;
  base: string;
  tipoIva: number;
  tratamiento: string;
  deduciblePct: string;
  bienInversion: boolean;
  cuota: string;
  cuotaDeducible: string;
};
export type ArchivoCompra = {
  archivoId: string;
  nombre: string;
  tamano: number;
  mime: string;
  sha256: string;
};

export const compras = pgTable(
  'compras',
  {
    id: id(),
    empresa: text('empresa').notNull(),
    numeroRegistro: text('numero_registro').notNull(),
    estado: text('estado').notNull().default('pendiente'),
    proveedorId: uuid('proveedor_id').notNull(),
    proveedor: jsonb('proveedor').$type<{ nombre: string; documento: string | null }>().notNull(),
    numeroFacturaProveedor: text('numero_factura_proveedor').notNull(),
    tipoFactura: text('tipo_factura').notNull().default('F1'),
    facturaRectificadaProveedor: text('factura_rectificada_proveedor'),
    fechaExpedicion: dia('fecha_expedicion').notNull(),
    fechaOperacion: dia('fecha_operacion'),
    fechaRecepcion: dia('fecha_recepcion').notNull(),
    fechaVencimiento: dia('fecha_vencimiento').notNull(),
    formaPago: text('forma_pago').notNull().default('transferencia'),
    simplificadaCualificada: boolean('simplificada_cualificada').notNull().default(false),
    lineas: jsonb('lineas').$type<LineaCompraRow[]>().notNull(),
    retencionPct: numeric('retencion_pct', { precision: 5, scale: 2 }).notNull().default('0'),
    baseImponible: importe('base_imponible').notNull(),
    cuotaIva: importe('cuota_iva').notNull(),
    cuotaDeducible: importe('cuota_deducible').notNull(),
    importeTotal: importe('importe_total').notNull(),
    retencion: importe('retencion').notNull(),
    totalAPagar: importe('total_a_pagar').notNull(),
    pagado: importe('pagado').notNull().default('0'),
    pendiente: importe('pendiente').notNull(),
    archivo: jsonb('archivo').$type<ArchivoCompra>(),
    observaciones: text('observaciones'),
    motivoAnulacion: text('motivo_anulacion'),
    busqueda: text('busqueda').notNull().default(''),
    ...auditoria(),
  },
  (t) => [
    check('compras_empresa_check', sql`${t.empresa} IN ('alquileres', 'transporte')`),
    uniqueIndex('compras_numero_registro_key').on(t.empresa, t.numeroRegistro),
    uniqueIndex('compras_factura_proveedor_key')
      .on(t.empresa, t.proveedorId, sql`upper(trim(${t.numeroFacturaProveedor}))`)
      .where(sql`${t.estado} <> 'anulada'`),
    index('compras_lista_idx').on(t.empresa, t.fechaRecepcion, t.id),
    // Rule 17's libro de recibidas, read in its order (finanzas.md §10): no sort of the year.
    index('compras_libro_idx')
      .on(t.empresa, t.fechaRecepcion, t.numeroRegistro, t.id)
      .where(sql`${t.estado} <> 'anulada'`),
    index('compras_busqueda_trgm_idx').using('gin', sql`${t.busqueda} gin_trgm_ops`),
  ],
);

export const pagos = pgTable(
  'pagos',
  {
    id: id(),
    compraId: uuid('compra_id')
      .notNull()
      .references(() => compras.id),
    fecha: dia('fecha').notNull(),
    importe: importe('importe').notNull(),
    medio: text('medio').notNull(),
    referencia: text('referencia'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBySub: text('created_by_sub'),
    createdByEmail: text('created_by_email'),
  },
  (t) => [index('pagos_compra_idx').on(t.compraId, t.fecha)],
);

/** finanzas.md §2 Condiciones de facturación (PK clienteId). */
export const condicionesFacturacion = pgTable('condiciones_facturacion', {
  clienteId: uuid('cliente_id').primaryKey(),
  formaPago: text('forma_pago').notNull().default('transferencia'),
  diasVencimiento: integer('dias_vencimiento'),
  ibanCliente: text('iban_cliente'),
  referenciaMandato: text('referencia_mandato'),
  emailFacturacion: text('email_facturacion'),
  retencionPct: numeric('retencion_pct', { precision: 5, scale: 2 }).notNull().default('0'),
  recargoEquivalencia: boolean('recargo_equivalencia').notNull().default(false),
  contratistaObra: boolean('contratista_obra').notNull().default(false),
  tipoIdentificacion: text('tipo_identificacion').notNull().default('NIF'),
  paisCodigo: text('pais_codigo').notNull().default('ES'),
  ...auditoria(),
});
