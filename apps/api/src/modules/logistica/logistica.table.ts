import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  bigint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Direccion } from '@tvsistema/domain/localizacion';
import { tables as comercialTables } from '../comercial/index.js';
import { tables as flotaTables } from '../flota/index.js';
import { tables as partesTables } from '../partes/index.js';

// Logística's tables (logistica.md §2): one `albaranes` table for both kinds (`clase`), their
// lines, the lotes on site and the FIFO assignments of returns, and the signature images.

const dia = (name: string) => date(name, { mode: 'string' });
const importe = (name: string) => numeric(name, { precision: 14, scale: 2 });
const cantidad = (name: string) => numeric(name, { precision: 14, scale: 4 });
const instante = (name: string) => timestamp(name, { withTimezone: true });
const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export type ClienteAlbaran = { _id: string; nombre: string; documento: string | null };
export type FirmaGuardada = {
  nombre: string;
  dni: string;
  imagenId: string;
  imagenSha256: string;
  firmadoAt: string;
  firmadoPor: string | null;
  huella: string;
};
export type Anulacion = { motivo: string; anuladoAt: string; anuladoPor: string | null };
export type Ref = { _id: string; numero: string };
/** Transport data (§2.3) that no list filters on: stored as one document. */
export type DatosTransporte = {
  remitente: { nombre: string; documento: string | null } | null;
  destinatario: { nombre: string; documento: string | null; telefono: string | null };
  origen: { nombre: string | null; direccion: Direccion };
  destino: { nombre: string | null; direccion: Direccion };
  horaCarga: string | null;
  fechaEntregaPrevista: string | null;
  transportista:
    | { tipo: 'propio' }
    | {
        tipo: 'subcontratado';
        proveedor: { _id: string; nombre: string; documento: string | null };
      };
  camion: { _id: string; matricula: string } | null;
  matriculaRemolque: string | null;
  conductor: { nombre: string | null; dni: string | null };
  mercancia: {
    descripcion: string;
    bultos: number | null;
    pesoKg: number | null;
    pesoEstimado: boolean;
  };
  exentoDocumentoControl: boolean;
  motivoExencion: string | null;
  inspecciones: {
    _id: string;
    codigo: string;
    fecha: string;
    notas: string | null;
    enviadoAt: string | null;
    registradoPor: string | null;
  }[];
};

export const albaranes = pgTable(
  'albaranes',
  {
    id: id(),
    empresa: text('empresa').notNull(),
    clase: text('clase').notNull(),
    tipo: text('tipo'),
    numero: text('numero'),
    estado: text('estado').notNull(),
    alquilerId: uuid('alquiler_id').references(() => comercialTables.alquileres.id, {
      onDelete: 'restrict',
    }),
    alquilerNumero: text('alquiler_numero'),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => partesTables.partes.id, { onDelete: 'restrict' }),
    cliente: jsonb('cliente').$type<ClienteAlbaran>().notNull(),
    /** Rental: the albarán's instant; transport: fechaCarga at horaCarga (or 00:00). */
    fechaHora: instante('fecha_hora').notNull(),
    /** The Madrid date of fechaHora (rental) or fechaCarga (transport): lists sort on it. */
    fecha: dia('fecha').notNull(),
    fechaFinCobro: dia('fecha_fin_cobro'),
    /** A snapshot of the picked address with its names: the signed content does not move. */
    direccionObra: jsonb('direccion_obra').$type<Direccion>(),
    matricula: text('matricula'),
    conductor: text('conductor'),
    referenciaExterna: text('referencia_externa'),
    observaciones: text('observaciones'),
    unidades: integer('unidades').notNull().default(0),
    firma: jsonb('firma').$type<FirmaGuardada>(),
    anulacion: jsonb('anulacion').$type<Anulacion>(),
    transporte: jsonb('transporte').$type<Ref>(),
    origenDocumento: jsonb('origen_documento').$type<Ref>(),
    importacionId: uuid('importacion_id'),
    avisos: jsonb('avisos').$type<string[]>().notNull().default([]),
    // Transport (clase 'transporte')
    datos: jsonb('datos').$type<DatosTransporte>(),
    /** flota-obras.md §2.6: the albarán's link to the camión is RESTRICT (the vehicle is given de baja). */
    camionId: uuid('camion_id').references(() => flotaTables.camiones.id, { onDelete: 'restrict' }),
    pesoKg: integer('peso_kg'),
    precio: importe('precio'),
    tipoIva: integer('tipo_iva'),
    salidaAt: instante('salida_at'),
    entregadoAt: instante('entregado_at'),
    sinFirmaMotivo: text('sin_firma_motivo'),
    busqueda: text('busqueda').notNull().default(''),
    createdAt: instante('created_at').notNull().defaultNow(),
    createdBySub: text('created_by_sub'),
    createdByEmail: text('created_by_email'),
    updatedAt: instante('updated_at').notNull().defaultNow(),
    updatedBySub: text('updated_by_sub'),
    updatedByEmail: text('updated_by_email'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('albaranes_clase_check', sql`${t.clase} IN ('alquiler', 'transporte')`),
    check(
      'albaranes_estado_check',
      sql`(${t.clase} = 'alquiler' AND ${t.estado} IN ('borrador', 'emitido', 'firmado', 'anulado'))
        OR (${t.clase} = 'transporte' AND ${t.estado} IN ('pendiente', 'en_ruta', 'entregado', 'anulado'))`,
    ),
    check(
      'albaranes_alquiler_check',
      sql`(${t.clase} = 'alquiler' AND ${t.empresa} = 'alquileres' AND ${t.tipo} IN ('entrega', 'recogida')
          AND ${t.alquilerId} IS NOT NULL AND ${t.datos} IS NULL)
        OR (${t.clase} = 'transporte' AND ${t.empresa} = 'transporte' AND ${t.tipo} IS NULL
          AND ${t.alquilerId} IS NULL AND ${t.fechaFinCobro} IS NULL AND ${t.datos} IS NOT NULL)`,
    ),
    uniqueIndex('albaranes_numero_key')
      .on(t.empresa, t.numero)
      .where(sql`${t.numero} IS NOT NULL`),
    // R15: the natural key with the client, among live albaranes.
    uniqueIndex('albaranes_referencia_key')
      .on(t.empresa, t.clienteId, t.referenciaExterna)
      .where(sql`${t.referenciaExterna} IS NOT NULL AND ${t.estado} <> 'anulado'`),
    // §10: one btree per list order — its key, then fecha, fecha_hora and id, all in the
    // direction of the sort, so a page walks it (forwards or backwards) and stops after the page.
    index('albaranes_empresa_fecha_idx').on(t.empresa, t.clase, t.fecha, t.fechaHora, t.id),
    index('albaranes_empresa_estado_idx').on(
      t.empresa,
      t.clase,
      t.estado,
      t.fecha,
      t.fechaHora,
      t.id,
    ),
    index('albaranes_empresa_numero_idx').on(
      t.empresa,
      t.clase,
      t.numero,
      t.fecha,
      t.fechaHora,
      t.id,
    ),
    // Not by client name: each index costs every insert (an import writes 10,000 rows), and that
    // sort is rarely asked; it sorts the empresa's albaranes as before.
    index('albaranes_cliente_idx').on(t.clienteId, t.fecha),
    index('albaranes_alquiler_idx').on(t.alquilerId),
    index('albaranes_importacion_idx').on(t.importacionId),
    index('albaranes_busqueda_trgm_idx').using('gin', sql`${t.busqueda} gin_trgm_ops`),
  ],
);

export const albaranLineas = pgTable(
  'albaran_lineas',
  {
    id: id(),
    albaranId: uuid('albaran_id')
      .notNull()
      .references(() => albaranes.id, { onDelete: 'cascade' }),
    orden: integer('orden').notNull(),
    clase: text('clase').notNull(),
    articuloId: uuid('articulo_id').notNull(),
    codigo: text('codigo').notNull(),
    descripcion: text('descripcion').notNull(),
    cantidad: cantidad('cantidad').notNull(),
    horometro: numeric('horometro', { precision: 10, scale: 1 }),
    correcto: integer('correcto'),
    danado: integer('danado'),
    falta: integer('falta'),
    observacionDano: text('observacion_dano'),
    precioUnitario: cantidad('precio_unitario'),
    cargoDano: importe('cargo_dano').notNull().default('0'),
    tipoIva: integer('tipo_iva').notNull().default(21),
    importe: importe('importe').notNull().default('0'),
  },
  (t) => [
    check('albaran_lineas_clase_check', sql`${t.clase} IN ('maquina', 'andamio', 'concepto')`),
    check('albaran_lineas_cantidad_check', sql`${t.cantidad} > 0`),
    index('albaran_lineas_albaran_idx').on(t.albaranId, t.orden),
  ],
);

/** §2.2: what each emitted entrega left on site, and what is still there (`pendiente`). */
export const albaranLotes = pgTable(
  'albaran_lotes',
  {
    id: id(),
    alquilerId: uuid('alquiler_id').notNull(),
    entregaId: uuid('entrega_id')
      .notNull()
      .references(() => albaranes.id, { onDelete: 'cascade' }),
    lineaId: uuid('linea_id')
      .notNull()
      .references(() => albaranLineas.id, { onDelete: 'cascade' }),
    clase: text('clase').notNull(),
    articuloId: uuid('articulo_id').notNull(),
    fecha: dia('fecha').notNull(),
    cantidad: integer('cantidad').notNull(),
    pendiente: integer('pendiente').notNull(),
  },
  (t) => [
    check(
      'albaran_lotes_pendiente_check',
      sql`${t.pendiente} >= 0 AND ${t.pendiente} <= ${t.cantidad}`,
    ),
    index('albaran_lotes_alquiler_idx').on(t.alquilerId, t.clase, t.articuloId, t.fecha, t.id),
    index('albaran_lotes_entrega_idx').on(t.entregaId),
  ],
);

export const albaranAsignaciones = pgTable(
  'albaran_asignaciones',
  {
    id: id(),
    recogidaLineaId: uuid('recogida_linea_id')
      .notNull()
      .references(() => albaranLineas.id, { onDelete: 'cascade' }),
    loteId: uuid('lote_id')
      .notNull()
      .references(() => albaranLotes.id, { onDelete: 'restrict' }),
    cantidad: integer('cantidad').notNull(),
  },
  (t) => [
    index('albaran_asignaciones_linea_idx').on(t.recogidaLineaId),
    index('albaran_asignaciones_lote_idx').on(t.loteId),
  ],
);

/** §2.4: the drawn signature (PNG), by its SHA-256, beside the albarán it signs. */
export const albaranFirmas = pgTable('albaran_firmas', {
  id: id(),
  albaranId: uuid('albaran_id')
    .notNull()
    .references(() => albaranes.id, { onDelete: 'restrict' }),
  sha256: text('sha256').notNull(),
  bytes: integer('bytes').notNull(),
  png: bytea('png').notNull(),
  createdAt: instante('created_at').notNull().defaultNow(),
});

/**
 * §10: albaranes per (empresa, clase, tipo, estado), kept exact by statement triggers on
 * `albaranes` (migration 0018): a list filtered by no more than those reads its total here
 * instead of counting the table. `tipo` is '' for transport albaranes.
 */
export const albaranesTotales = pgTable(
  'albaranes_totales',
  {
    empresa: text('empresa').notNull(),
    clase: text('clase').notNull(),
    tipo: text('tipo').notNull(),
    estado: text('estado').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'albaranes_totales_pkey',
      columns: [t.empresa, t.clase, t.tipo, t.estado],
    }),
  ],
);
