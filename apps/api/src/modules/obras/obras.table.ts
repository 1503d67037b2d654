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
import { direccionColumns } from '../localizacion/index.js';
import { columnasCliente, indiceBusqueda, tables as partesTables } from '../partes/index.js';

// Obras' tables (flota-obras.md §2.3–§2.5, part B): works, their team, operarios with their
// certifications, daily work reports with their operario rows and photos, and work documents.
// The files themselves live on the shared files service (`archivos`).

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

const empresa = () => text('empresa').notNull().default('verticales');

export const obras = pgTable(
  'obras',
  {
    id: id(),
    empresa: empresa(),
    codigo: text('codigo').notNull(),
    nombre: text('nombre').notNull(),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => partesTables.partes.id, { onDelete: 'restrict' }),
    ...direccionColumns('direccion'),
    descripcion: text('descripcion'),
    tipoTrabajo: text('tipo_trabajo').notNull(),
    fechaInicioPrevista: dia('fecha_inicio_prevista'),
    fechaFinPrevista: dia('fecha_fin_prevista'),
    fechaInicioReal: dia('fecha_inicio_real'),
    fechaFinReal: dia('fecha_fin_real'),
    estado: text('estado').notNull().default('presupuestada'),
    motivoEstado: text('motivo_estado'),
    importePresupuesto: numeric('importe_presupuesto', { precision: 14, scale: 2 }),
    progreso: integer('progreso').notNull().default(0),
    responsable: text('responsable'),
    coordinadorSeguridad: text('coordinador_seguridad'),
    aperturaFecha: dia('apertura_fecha'),
    aperturaReferencia: text('apertura_referencia'),
    observaciones: jsonb('observaciones').$type<string[]>().notNull().default([]),
    /** Normalised código, nombre and address names; the client's are `cliente_busqueda`. */
    busqueda: text('busqueda').notNull(),
    ...columnasCliente(),
    /**
     * The hours of its closed partes (horasTotales), kept by triggers on `partes_trabajo` and
     * `parte_trabajo_operarios` (flota-obras.md §10 "counter totals"; decision 30).
     */
    horasRegistradas: numeric('horas_registradas', { precision: 12, scale: 2 })
      .notNull()
      .default('0'),
    ...auditoria(),
  },
  (table) => [
    check('obras_empresa_check', sql`${table.empresa} = 'verticales'`),
    check('obras_progreso_check', sql`${table.progreso} BETWEEN 0 AND 100`),
    check(
      'obras_estado_check',
      sql`${table.estado} IN ('presupuestada', 'planificada', 'en_curso', 'pausada', 'finalizada', 'cancelada')`,
    ),
    uniqueIndex('obras_codigo_key').on(table.codigo),
    indiceBusqueda('obras', table),
    index('obras_estado_inicio_idx').on(table.estado, table.fechaInicioPrevista),
    // §5.5's period filter (desde): the end of the period per estado, so a list with estado and
    // dates reads the works that can overlap instead of every work of the estado (§10).
    index('obras_estado_fin_idx').on(
      table.estado,
      sql`coalesce(${table.fechaFinReal}, ${table.fechaFinPrevista}, ${table.fechaInicioReal}, ${table.fechaInicioPrevista})`,
    ),
    index('obras_cliente_idx').on(table.clienteId),
    // The list's default order (-fechaInicioPrevista: the period's start, newest first), walked
    // for a page's ids when the list has no filter but estado (§10, decision 30).
    index('obras_inicio_codigo_idx').on(
      sql`coalesce(${table.fechaInicioReal}, ${table.fechaInicioPrevista}) desc nulls last`,
      sql`${table.codigo} desc`,
    ),
  ],
);

/**
 * Obras per estado, kept exact by statement triggers on `obras` (migration 0031): the total of a
 * list without filters or with estado only, instead of counting every obra (decision 30).
 */
export const obrasTotales = pgTable('obras_totales', {
  estado: text('estado').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull().default(0),
});

export const operarios = pgTable(
  'operarios',
  {
    id: id(),
    empresa: empresa(),
    nombre: text('nombre').notNull(),
    apellidos: text('apellidos').notNull(),
    documento: text('documento').notNull(),
    telefono: text('telefono'),
    correo: text('correo'),
    activo: boolean('activo').notNull().default(true),
    observaciones: jsonb('observaciones').$type<string[]>().notNull().default([]),
    formacionesPrl: jsonb('formaciones_prl')
      .$type<{ curso: string; horas: string; fecha: string; vencimiento: string | null }[]>()
      .notNull()
      .default([]),
    reconocimientoMedico: jsonb('reconocimiento_medico').$type<{
      fecha: string;
      resultado: string;
      vencimiento: string;
    } | null>(),
    tpc: jsonb('tpc').$type<{ numero: string; vencimiento: string } | null>(),
    busqueda: text('busqueda').notNull(),
    ...auditoria(),
  },
  (table) => [
    check('operarios_empresa_check', sql`${table.empresa} = 'verticales'`),
    uniqueIndex('operarios_documento_key').on(table.documento),
    index('operarios_busqueda_trgm_idx').using('gin', sql`${table.busqueda} gin_trgm_ops`),
  ],
);

export const operarioCertificaciones = pgTable(
  'operario_certificaciones',
  {
    id: id(),
    operarioId: uuid('operario_id')
      .notNull()
      .references(() => operarios.id, { onDelete: 'cascade' }),
    orden: integer('orden').notNull(),
    esquema: text('esquema').notNull(),
    nivel: integer('nivel').notNull(),
    numero: text('numero'),
    fechaEmision: dia('fecha_emision').notNull(),
    fechaVencimiento: dia('fecha_vencimiento').notNull(),
  },
  (table) => [
    check('operario_certificaciones_nivel_check', sql`${table.nivel} BETWEEN 1 AND 3`),
    index('operario_certificaciones_operario_idx').on(table.operarioId, table.orden),
  ],
);

export const obraEquipo = pgTable(
  'obra_equipo',
  {
    obraId: uuid('obra_id')
      .notNull()
      .references(() => obras.id, { onDelete: 'cascade' }),
    operarioId: uuid('operario_id')
      .notNull()
      .references(() => operarios.id, { onDelete: 'restrict' }),
    rol: text('rol').notNull(),
    orden: integer('orden').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.obraId, table.operarioId] }),
    index('obra_equipo_operario_idx').on(table.operarioId),
  ],
);

export const obraDocumentos = pgTable(
  'obra_documentos',
  {
    id: id(),
    obraId: uuid('obra_id')
      .notNull()
      .references(() => obras.id, { onDelete: 'restrict' }),
    categoria: text('categoria').notNull(),
    fechaDocumento: dia('fecha_documento'),
    vencimiento: dia('vencimiento'),
    /** Null for a document recorded without its scan (the demo world's, as inventario's). */
    archivoId: uuid('archivo_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBySub: text('created_by_sub'),
    createdByEmail: text('created_by_email'),
  },
  (table) => [index('obra_documentos_obra_idx').on(table.obraId, table.categoria)],
);

export const partesTrabajo = pgTable(
  'partes_trabajo',
  {
    id: id(),
    obraId: uuid('obra_id')
      .notNull()
      .references(() => obras.id, { onDelete: 'restrict' }),
    numero: text('numero'),
    fecha: dia('fecha').notNull(),
    estado: text('estado').notNull().default('borrador'),
    trabajoEnCuerda: boolean('trabajo_en_cuerda').notNull().default(true),
    tareas: text('tareas').notNull(),
    incidencias: jsonb('incidencias')
      .$type<{ tipo: string; descripcion: string }[]>()
      .notNull()
      .default([]),
    vientoKmh: integer('viento_kmh'),
    lluvia: boolean('lluvia'),
    avance: integer('avance'),
    observaciones: text('observaciones'),
    cerradoPor: text('cerrado_por'),
    cerradoAt: timestamp('cerrado_at', { withTimezone: true }),
    ...auditoria(),
  },
  (table) => [
    check('partes_trabajo_estado_check', sql`${table.estado} IN ('borrador', 'cerrado')`),
    uniqueIndex('partes_trabajo_numero_key').on(table.numero),
    index('partes_trabajo_obra_fecha_idx').on(table.obraId, table.fecha.desc()),
  ],
);

export const parteTrabajoOperarios = pgTable(
  'parte_trabajo_operarios',
  {
    parteTrabajoId: uuid('parte_trabajo_id')
      .notNull()
      .references(() => partesTrabajo.id, { onDelete: 'cascade' }),
    operarioId: uuid('operario_id')
      .notNull()
      .references(() => operarios.id, { onDelete: 'restrict' }),
    /** The parte's fecha, copied so the 12 h sum per operario and day is one index range. */
    fecha: dia('fecha').notNull(),
    /**
     * The parte's obra, copied (a parte never changes obra) so the planning grid reads its hours
     * per operario, day and obra from the index alone (decision 0030, migration 0027). Like
     * `fecha`, kept by the repository that writes the rows; the parte's foreign key guards it.
     */
    obraId: uuid('obra_id').notNull(),
    /**
     * The obra's código, copied as `obraId` (a código never changes, §2.3): the planning grid
     * reads each cell's hours and códigos from this table's index alone, without a probe of
     * `obras` per row (decision 0030, migration 0028).
     */
    obraCodigo: text('obra_codigo').notNull(),
    horas: numeric('horas', { precision: 5, scale: 2 }).notNull(),
    orden: integer('orden').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.parteTrabajoId, table.operarioId] }),
    index('parte_trabajo_operarios_dia_idx').on(
      table.operarioId,
      table.fecha,
      table.obraCodigo,
      table.horas,
    ),
  ],
);

export const parteTrabajoFotos = pgTable(
  'parte_trabajo_fotos',
  {
    id: id(),
    parteTrabajoId: uuid('parte_trabajo_id')
      .notNull()
      .references(() => partesTrabajo.id, { onDelete: 'cascade' }),
    archivoId: uuid('archivo_id').notNull(),
    miniaturaArchivoId: uuid('miniatura_archivo_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('parte_trabajo_fotos_parte_idx').on(table.parteTrabajoId, table.createdAt)],
);
