import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tables as finanzasTables } from '../finanzas/index.js';
import { tables as partesTables } from '../partes/index.js';

// Flota's tables (flota-obras.md §2.1, §2.2). Derived values a list sorts or filters by (the ITV
// due date, the odometer) are kept on the vehicle row, refreshed in each write's transaction.

const dia = (name: string) => date(name, { mode: 'string' });

const auditoria = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBySub: text('created_by_sub'),
  createdByEmail: text('created_by_email'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBySub: text('updated_by_sub'),
  updatedByEmail: text('updated_by_email'),
  version: integer('version').notNull().default(1),
});

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);

export const conductores = pgTable(
  'conductores',
  {
    id: id(),
    empresa: text('empresa').notNull().default('transporte'),
    nombre: text('nombre').notNull(),
    apellidos: text('apellidos').notNull(),
    documento: text('documento').notNull(),
    telefono: text('telefono'),
    correo: text('correo'),
    clasesPermiso: jsonb('clases_permiso').$type<string[]>().notNull(),
    permisoVencimiento: dia('permiso_vencimiento').notNull(),
    capVencimiento: dia('cap_vencimiento'),
    tarjetaTacografo: jsonb('tarjeta_tacografo'),
    activo: boolean('activo').notNull().default(true),
    observaciones: jsonb('observaciones').$type<string[]>().notNull().default([]),
    /**
     * §4.3's order of the label, "nombre apellidos", in the window of due items:
     * claveOrdenEtiqueta of etiquetaOrdenDe, so the database sorts a page (decision 0029). A key
     * whose etiquetaOrdenDe is no longer the label (a row written some other way) or a null one
     * (a character the key does not know) is sorted by the API instead.
     */
    etiquetaOrden: text('etiqueta_orden'),
    etiquetaOrdenDe: text('etiqueta_orden_de'),
    /** Normalised nombre, apellidos and documento: what searchTerm matches. */
    busqueda: text('busqueda').notNull(),
    ...auditoria(),
  },
  (table) => [
    check('conductores_empresa_check', sql`${table.empresa} = 'transporte'`),
    uniqueIndex('conductores_documento_key').on(table.documento),
  ],
);

export const camiones = pgTable(
  'camiones',
  {
    id: id(),
    empresa: text('empresa').notNull().default('transporte'),
    matricula: text('matricula').notNull(),
    bastidor: text('bastidor').notNull(),
    tipo: text('tipo').notNull(),
    carroceria: text('carroceria'),
    marca: text('marca').notNull(),
    modelo: text('modelo').notNull(),
    fechaPrimeraMatriculacion: dia('fecha_primera_matriculacion').notNull(),
    fechaAlta: dia('fecha_alta').notNull(),
    mmaKg: integer('mma_kg').notNull(),
    taraKg: integer('tara_kg').notNull(),
    autorizacion: jsonb('autorizacion'),
    seguro: jsonb('seguro'),
    tacografo: jsonb('tacografo'),
    itvProximaInicial: dia('itv_proxima_inicial'),
    /** The ITV due date in force (§4.2), recomputed on every inspection and edit. */
    itvHasta: dia('itv_hasta').notNull(),
    conductorHabitualId: uuid('conductor_habitual_id').references(() => conductores.id, {
      onDelete: 'restrict',
    }),
    estado: text('estado').notNull().default('activo'),
    fechaBaja: dia('fecha_baja'),
    motivoBaja: text('motivo_baja'),
    fechaEntradaTaller: dia('fecha_entrada_taller'),
    /** From the readings (§4.4): the latest by fecha, ties by km. */
    kmActual: integer('km_actual'),
    kmFecha: dia('km_fecha'),
    /** §4.7 kept for the list's soloAptos: not apto whatever the day, or from this day on. */
    noAptoFijo: boolean('no_apto_fijo').notNull().default(false),
    noAptoDesde: dia('no_apto_desde'),
    /**
     * The list's `vencimientos=N` as one range (§10, decision 0029): the first day its stored
     * items put it in the window — their earliest date, or -infinity when one is due whatever the
     * day (km left within KM_AVISO, or neither date nor km: no policy) — and the least km left of
     * its km items. Kept with camion_vencimientos; null when nothing is due (a vehicle in baja).
     */
    venceDesde: dia('vence_desde'),
    kmRestantesMin: integer('km_restantes_min'),
    /**
     * What the answer takes from the sub-records, kept without "hoy" (§10, decision 0029): the
     * ITV chain's result, the latest inspection and the due items in order. Refreshed with
     * camion_vencimientos in every write's transaction; null until then (read the slow way).
     */
    resumen: jsonb('resumen'),
    /**
     * §4.3's order of the label (the plate as shown) in the window of due items:
     * claveOrdenEtiqueta of the label of the matricula in etiquetaOrdenDe, so the database sorts
     * a page (decision 0029). A key whose etiquetaOrdenDe is no longer the matricula (a row written
     * some other way) or a null one is sorted by the API instead.
     */
    etiquetaOrden: text('etiqueta_orden'),
    etiquetaOrdenDe: text('etiqueta_orden_de'),
    observaciones: jsonb('observaciones').$type<string[]>().notNull().default([]),
    busqueda: text('busqueda').notNull(),
    ...auditoria(),
  },
  (table) => [
    check('camiones_empresa_check', sql`${table.empresa} = 'transporte'`),
    check('camiones_estado_check', sql`${table.estado} IN ('activo', 'en_taller', 'baja')`),
    check('camiones_masas_check', sql`${table.taraKg} > 0 AND ${table.taraKg} < ${table.mmaKg}`),
    uniqueIndex('camiones_matricula_key').on(table.matricula),
    uniqueIndex('camiones_bastidor_key').on(table.bastidor),
    index('camiones_estado_idx').on(table.estado, table.matricula),
    index('camiones_vence_desde_idx').on(table.venceDesde),
    index('camiones_busqueda_trgm_idx').using('gin', sql`${table.busqueda} gin_trgm_ops`),
  ],
);

export const camionItv = pgTable(
  'camion_itv',
  {
    id: id(),
    camionId: uuid('camion_id')
      .notNull()
      .references(() => camiones.id, { onDelete: 'restrict' }),
    fecha: dia('fecha').notNull(),
    estacion: text('estacion'),
    resultado: text('resultado').notNull(),
    km: integer('km'),
    observaciones: text('observaciones'),
    informeArchivoId: uuid('informe_archivo_id'),
    proximaItv: dia('proxima_itv'),
    plazoSubsanacion: dia('plazo_subsanacion'),
    ...auditoria(),
  },
  (table) => [index('camion_itv_camion_idx').on(table.camionId, table.fecha)],
);

export const camionMantenimientos = pgTable(
  'camion_mantenimientos',
  {
    id: id(),
    camionId: uuid('camion_id')
      .notNull()
      .references(() => camiones.id, { onDelete: 'restrict' }),
    fecha: dia('fecha').notNull(),
    km: integer('km'),
    tipo: text('tipo').notNull(),
    tallerId: uuid('taller_id').references(() => partesTables.partes.id, { onDelete: 'restrict' }),
    descripcion: text('descripcion'),
    coste: numeric('coste', { precision: 14, scale: 2 }).notNull().default('0'),
    numeroFactura: text('numero_factura'),
    /**
     * §2.6: a compra of Transportes (the service checks empresa and that it is not anulada);
     * compras are never deleted, so RESTRICT (decision 0029).
     */
    compraId: uuid('compra_id').references(() => finanzasTables.compras.id, {
      onDelete: 'restrict',
    }),
    proximaFecha: dia('proxima_fecha'),
    proximoKm: integer('proximo_km'),
    ...auditoria(),
  },
  (table) => [
    index('camion_mantenimientos_camion_idx').on(table.camionId, table.tipo, table.fecha),
  ],
);

export const camionLecturasKm = pgTable(
  'camion_lecturas_km',
  {
    id: id(),
    camionId: uuid('camion_id')
      .notNull()
      .references(() => camiones.id, { onDelete: 'cascade' }),
    fecha: dia('fecha').notNull(),
    km: integer('km').notNull(),
    origen: text('origen').notNull(),
    /** The mantenimiento or ITV that recorded it, so removing that removes the reading. */
    origenId: uuid('origen_id'),
    confirmada: boolean('confirmada').notNull().default(false),
    registradoPor: text('registrado_por'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('camion_lecturas_km_check', sql`${table.km} >= 0`),
    // Ascending: read backwards it serves "fecha desc, km desc" (the latest reading), forwards
    // "fecha, km"; the former (desc nulls last) served neither order, so every latest-reading
    // probe sorted all of a vehicle's readings.
    index('camion_lecturas_km_camion_idx').on(table.camionId, table.fecha, table.km),
  ],
);

export const camionAsignaciones = pgTable(
  'camion_asignaciones',
  {
    id: id(),
    camionId: uuid('camion_id')
      .notNull()
      .references(() => camiones.id, { onDelete: 'cascade' }),
    conductorId: uuid('conductor_id')
      .notNull()
      .references(() => conductores.id, { onDelete: 'restrict' }),
    desde: dia('desde').notNull(),
    hasta: dia('hasta'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('camion_asignaciones_camion_idx').on(table.camionId, table.desde)],
);

/** Each fleet file's category and expiry beside the shared files table (owner `camion`). */
export const camionDocumentos = pgTable(
  'camion_documentos',
  {
    id: id(),
    camionId: uuid('camion_id')
      .notNull()
      .references(() => camiones.id, { onDelete: 'restrict' }),
    archivoId: uuid('archivo_id').notNull(),
    categoria: text('categoria').notNull(),
    fechaDocumento: dia('fecha_documento'),
    vencimiento: dia('vencimiento'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBySub: text('created_by_sub'),
    createdByEmail: text('created_by_email'),
  },
  (table) => [
    uniqueIndex('camion_documentos_archivo_key').on(table.archivoId),
    index('camion_documentos_camion_idx').on(table.camionId),
  ],
);

/**
 * Each vehicle's due items as dates and km (§10 "Means"), refreshed in every write's transaction:
 * what is due within N days is an index range on fecha plus a km check, "hoy" applied on read.
 */
export const camionVencimientos = pgTable(
  'camion_vencimientos',
  {
    id: id(),
    camionId: uuid('camion_id')
      .notNull()
      .references(() => camiones.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    concepto: text('concepto').notNull(),
    fecha: dia('fecha'),
    kmRestantes: integer('km_restantes'),
    fechaEstimada: dia('fecha_estimada'),
    /**
     * The item's place among its vehicle's (vencimientosCamion's order): §4.3's order of two items
     * of one vehicle on one day (decision 0029). Null on rows written before it.
     */
    orden: integer('orden'),
  },
  (table) => [
    index('camion_vencimientos_fecha_idx').on(table.fecha),
    index('camion_vencimientos_km_idx').on(table.kmRestantes),
    index('camion_vencimientos_camion_idx').on(table.camionId),
  ],
);
