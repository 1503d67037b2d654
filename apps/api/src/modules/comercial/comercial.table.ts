import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tables as inventarioTables } from '../inventario/index.js';
import { direccionColumns } from '../localizacion/index.js';
import { columnasCliente, indiceBusqueda, tables as partesTables } from '../partes/index.js';

// Comercial's tables (comercial.md §2): quotes with their lines and templates, rentals with their
// lines, movements and charges. Lines reference the inventario items, so a concept
// template in use cannot be deleted (inventario R15).

const dia = (name: string) => date(name, { mode: 'string' });
const importe = (name: string) => numeric(name, { precision: 14, scale: 2 });
const precio = (name: string) => numeric(name, { precision: 14, scale: 4 });
const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const empresa = () => text('empresa').notNull().default('alquileres');
const auditoria = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBySub: text('created_by_sub'),
  createdByEmail: text('created_by_email'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBySub: text('updated_by_sub'),
  updatedByEmail: text('updated_by_email'),
  version: integer('version').notNull().default(1),
});

type Contacto = { nombre: string; telefono?: string; correo?: string };

/** §2.1: the columns every line has, quotes and rentals alike. */
const lineaColumns = () => ({
  id: id(),
  orden: integer('orden').notNull(),
  clase: text('clase').notNull(),
  // NO ACTION rather than RESTRICT: PostgreSQL then answers 23503, the code inventario's R15
  // turns into its 409 (RESTRICT would be 23001).
  maquinaId: uuid('maquina_id').references(() => inventarioTables.maquinas.id),
  componenteId: uuid('componente_id').references(() => inventarioTables.andamioComponentes.id),
  conceptoId: uuid('concepto_id').references(() => inventarioTables.conceptos.id),
  codigo: text('codigo'),
  descripcion: text('descripcion').notNull(),
  cantidad: precio('cantidad').notNull(),
  unidad: text('unidad').notNull(),
  fechaInicio: dia('fecha_inicio'),
  fechaFin: dia('fecha_fin'),
  fecha: dia('fecha'),
  modoTarifa: text('modo_tarifa').notNull().default('optimo'),
  diasMinimos: integer('dias_minimos').notNull().default(1),
  precioDia: precio('precio_dia'),
  precioSemana: precio('precio_semana'),
  precioMes: precio('precio_mes'),
  precio: precio('precio'),
  descuentoPct: numeric('descuento_pct', { precision: 5, scale: 2 }).notNull().default('0'),
  tipoIva: integer('tipo_iva').notNull().default(21),
  motivoIva0: text('motivo_iva0'),
});

export const presupuestoPlantillas = pgTable(
  'presupuesto_plantillas',
  {
    id: id(),
    empresa: empresa(),
    nombre: text('nombre').notNull(),
    /** normalizeSearchText(nombre): unique per empresa, accent- and case-insensitive (§2.3). */
    nombreNormalizado: text('nombre_normalizado').notNull(),
    descripcion: text('descripcion'),
    activo: boolean('activo').notNull().default(true),
    validezDias: integer('validez_dias').notNull().default(30),
    duracionDias: integer('duracion_dias').notNull().default(7),
    facturacion: text('facturacion'),
    fianza: importe('fianza'),
    condiciones: text('condiciones'),
    lineas: jsonb('lineas').$type<Record<string, unknown>[]>().notNull(),
    ...auditoria(),
  },
  (t) => [uniqueIndex('presupuesto_plantillas_nombre_key').on(t.empresa, t.nombreNormalizado)],
);

export const presupuestos = pgTable(
  'presupuestos',
  {
    id: id(),
    empresa: empresa(),
    numero: text('numero'),
    revision: integer('revision').notNull().default(0),
    estado: text('estado').notNull().default('borrador'),
    clienteId: uuid('cliente_id').references(() => partesTables.partes.id, {
      onDelete: 'restrict',
    }),
    clienteProvisional: jsonb('cliente_provisional').$type<Record<string, string>>(),
    contacto: jsonb('contacto').$type<Contacto>(),
    obraNombre: text('obra_nombre'),
    ...direccionColumns('direccionObra'),
    fechaInicio: dia('fecha_inicio').notNull(),
    fechaFin: dia('fecha_fin').notNull(),
    fechaEmision: dia('fecha_emision'),
    fechaValidez: dia('fecha_validez').notNull(),
    fechaRechazo: dia('fecha_rechazo'),
    facturacion: text('facturacion').notNull(),
    fianza: importe('fianza').notNull().default('0'),
    condiciones: text('condiciones'),
    observaciones: text('observaciones'),
    observacionesInternas: text('observaciones_internas'),
    plantillaId: uuid('plantilla_id').references(() => presupuestoPlantillas.id, {
      onDelete: 'set null',
    }),
    alquilerId: uuid('alquiler_id'),
    motivoRechazo: text('motivo_rechazo'),
    /** Σ bases + cuotas, kept for the list's sort and CSV. */
    total: importe('total').notNull().default('0'),
    base: importe('base').notNull().default('0'),
    iva: importe('iva').notNull().default('0'),
    /** The quote's own words (número, obra, codes; a provisional client's name and documento). */
    busqueda: text('busqueda').notNull().default(''),
    ...columnasCliente(),
    ...auditoria(),
  },
  (t) => [
    check(
      'presupuestos_estado_check',
      sql`${t.estado} IN ('borrador', 'enviado', 'aceptado', 'rechazado', 'caducado')`,
    ),
    uniqueIndex('presupuestos_numero_key')
      .on(t.empresa, t.numero)
      .where(sql`${t.numero} IS NOT NULL`),
    // The list's sorts with their tie-break (id), so a page walks the index and stops at LIMIT.
    index('presupuestos_created_idx').on(t.createdAt, t.id),
    index('presupuestos_total_idx').on(t.total, t.id),
    indiceBusqueda('presupuestos', t),
    index('presupuestos_cliente_orden_idx').on(t.clienteOrden, t.id),
    // A client's quotes: its filter, and the refresh of their copy when it is renamed (0037).
    index('presupuestos_cliente_idx').on(t.clienteId),
    index('presupuestos_enviados_idx')
      .on(t.fechaValidez)
      .where(sql`${t.estado} = 'enviado'`),
  ],
);

/**
 * Quotes per empresa and estado, kept exact by triggers on `presupuestos` (migration 0035): the
 * total of a list page without filters or with estado only, instead of counting every quote
 * (comercial.md §10, decision 0028; obras' `obras_totales` does the same).
 */
export const presupuestosTotales = pgTable(
  'presupuestos_totales',
  {
    empresa: text('empresa').notNull(),
    estado: text('estado').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.empresa, t.estado] })],
);

export const presupuestoLineas = pgTable(
  'presupuesto_lineas',
  {
    ...lineaColumns(),
    presupuestoId: uuid('presupuesto_id')
      .notNull()
      .references(() => presupuestos.id, { onDelete: 'cascade' }),
  },
  (t) => [index('presupuesto_lineas_presupuesto_idx').on(t.presupuestoId, t.orden)],
);

export const alquileres = pgTable(
  'alquileres',
  {
    id: id(),
    empresa: empresa(),
    numero: text('numero').notNull(),
    estado: text('estado').notNull().default('reservado'),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => partesTables.partes.id, { onDelete: 'restrict' }),
    presupuestoId: uuid('presupuesto_id').references(() => presupuestos.id, {
      onDelete: 'set null',
    }),
    referenciaCliente: text('referencia_cliente'),
    contacto: jsonb('contacto').$type<Contacto>(),
    contactoObra: jsonb('contacto_obra').$type<Contacto>(),
    obraNombre: text('obra_nombre'),
    ...direccionColumns('direccionObra'),
    fechaInicio: dia('fecha_inicio').notNull(),
    fechaFin: dia('fecha_fin').notNull(),
    facturacion: text('facturacion').notNull(),
    fianzaImporte: importe('fianza_importe').notNull().default('0'),
    fianzaEstado: text('fianza_estado').notNull().default('no_requerida'),
    fianzaFechaCobro: dia('fianza_fecha_cobro'),
    fianzaFormaPago: text('fianza_forma_pago'),
    fianzaFechaDevolucion: dia('fianza_fecha_devolucion'),
    fianzaImporteDevuelto: importe('fianza_importe_devuelto'),
    fianzaImporteRetenido: importe('fianza_importe_retenido'),
    fianzaMotivoRetencion: text('fianza_motivo_retencion'),
    condiciones: text('condiciones'),
    observaciones: text('observaciones'),
    observacionesInternas: text('observaciones_internas'),
    motivoCancelacion: text('motivo_cancelacion'),
    importeEstimado: importe('importe_estimado').notNull().default('0'),
    /** The rental's own words (número, obra, codes): the client's are `cliente_busqueda`. */
    busqueda: text('busqueda').notNull().default(''),
    ...columnasCliente(),
    ...auditoria(),
  },
  (t) => [
    check(
      'alquileres_estado_check',
      sql`${t.estado} IN ('reservado', 'en_curso', 'devuelto_parcial', 'finalizado', 'cancelado')`,
    ),
    uniqueIndex('alquileres_numero_key').on(t.empresa, t.numero),
    index('alquileres_fecha_inicio_idx').on(t.fechaInicio),
    index('alquileres_cliente_idx').on(t.clienteId),
    index('alquileres_abiertos_idx')
      .on(t.fechaFin)
      .where(sql`${t.estado} IN ('reservado', 'en_curso', 'devuelto_parcial')`),
    indiceBusqueda('alquileres', t),
    index('alquileres_cliente_orden_idx').on(t.clienteOrden, t.numero),
  ],
);

/** Rentals per empresa and estado, as `presupuestos_totales` (migration 0035). */
export const alquileresTotales = pgTable(
  'alquileres_totales',
  {
    empresa: text('empresa').notNull(),
    estado: text('estado').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.empresa, t.estado] })],
);

export const alquilerLineas = pgTable(
  'alquiler_lineas',
  {
    ...lineaColumns(),
    alquilerId: uuid('alquiler_id')
      .notNull()
      .references(() => alquileres.id, { onDelete: 'cascade' }),
    lineaPresupuestoId: uuid('linea_presupuesto_id'),
    /** Finanzas' last billed day of this line (R20); null until finanzas exists and bills it. */
    facturadoHasta: dia('facturado_hasta'),
  },
  (t) => [
    index('alquiler_lineas_alquiler_idx').on(t.alquilerId, t.orden),
    index('alquiler_lineas_maquina_idx')
      .on(t.maquinaId)
      .where(sql`${t.maquinaId} IS NOT NULL`),
  ],
);

export const alquilerMovimientos = pgTable(
  'alquiler_movimientos',
  {
    id: id(),
    alquilerId: uuid('alquiler_id')
      .notNull()
      .references(() => alquileres.id, { onDelete: 'cascade' }),
    lineaId: uuid('linea_id')
      .notNull()
      .references(() => alquilerLineas.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    fecha: dia('fecha').notNull(),
    fechaFinCobro: dia('fecha_fin_cobro'),
    cantidad: integer('cantidad').notNull(),
    albaranId: text('albaran_id'),
    albaranNumero: text('albaran_numero'),
    albaranTipo: text('albaran_tipo'),
    firmado: boolean('firmado').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('alquiler_movimientos_tipo_check', sql`${t.tipo} IN ('entrega', 'recogida', 'baja')`),
    check('alquiler_movimientos_cantidad_check', sql`${t.cantidad} > 0`),
    index('alquiler_movimientos_linea_idx').on(t.alquilerId, t.lineaId, t.fecha),
    index('alquiler_movimientos_albaran_idx').on(t.albaranId),
  ],
);

export const alquilerCargos = pgTable(
  'alquiler_cargos',
  {
    id: id(),
    alquilerId: uuid('alquiler_id')
      .notNull()
      .references(() => alquileres.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    descripcion: text('descripcion').notNull(),
    fecha: dia('fecha').notNull(),
    importe: importe('importe').notNull(),
    tipoIva: integer('tipo_iva').notNull().default(21),
    albaranId: text('albaran_id'),
    albaranNumero: text('albaran_numero'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('alquiler_cargos_tipo_check', sql`${t.tipo} IN ('horas_extra', 'dano', 'falta')`),
    index('alquiler_cargos_alquiler_idx').on(t.alquilerId, t.fecha),
  ],
);
