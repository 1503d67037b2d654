import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
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
import { tables as partesTables } from '../partes/index.js';

// Inventario's tables (inventario.md §2). The migration (drizzle/0010_inventario.sql) adds what
// drizzle cannot say: btree_gist, the exclusion constraint that forbids two exclusive bookings of
// one machine on one day (§2.9) and the GiST indexes on active bookings.

const dia = (name: string) => date(name, { mode: 'string' });

/** PostgreSQL's daterange, read as its text form ("[2026-03-10,2026-03-21)"). */
const daterange = customType<{ data: string; driverData: string }>({
  dataType: () => 'daterange',
});

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

const empresa = () => text('empresa').notNull().default('alquileres');

export const maquinas = pgTable(
  'maquinas',
  {
    id: id(),
    empresa: empresa(),
    codigoInterno: text('codigo_interno').notNull(),
    tipo: text('tipo').notNull(),
    marca: text('marca').notNull(),
    /** lower(unaccent-free trim(marca)): the serial number is unique per brand (§2.1). */
    marcaNormalizada: text('marca_normalizada').notNull(),
    modelo: text('modelo').notNull(),
    anio: integer('anio').notNull(),
    numeroSerie: text('numero_serie').notNull(),
    matricula: text('matricula'),
    fechaMatriculacion: dia('fecha_matriculacion'),
    requiereItv: boolean('requiere_itv').notNull().default(false),
    horometro: numeric('horometro', { precision: 10, scale: 1 }).notNull().default('0'),
    horasAcumuladas: numeric('horas_acumuladas', { precision: 10, scale: 1 })
      .notNull()
      .default('0'),
    estado: text('estado').notNull().default('disponible'),
    tarifaDia: numeric('tarifa_dia', { precision: 14, scale: 2 }).notNull(),
    tarifaSemana: numeric('tarifa_semana', { precision: 14, scale: 2 }),
    tarifaMes: numeric('tarifa_mes', { precision: 14, scale: 2 }),
    horasIncluidasDia: integer('horas_incluidas_dia').notNull().default(8),
    horaExtra: numeric('hora_extra', { precision: 14, scale: 2 }),
    fianza: numeric('fianza', { precision: 14, scale: 2 }),
    diasPreparacion: integer('dias_preparacion').notNull().default(0),
    pesoKg: numeric('peso_kg', { precision: 10, scale: 1 }).notNull(),
    dimensiones: jsonb('dimensiones').notNull().default({}),
    combustible: text('combustible').notNull().default('diesel'),
    caracteristicas: jsonb('caracteristicas').notNull().default([]),
    fechaAdquisicion: dia('fecha_adquisicion'),
    precioAdquisicion: numeric('precio_adquisicion', { precision: 14, scale: 2 }),
    proveedorId: uuid('proveedor_id').references(() => partesTables.partes.id, {
      onDelete: 'restrict',
    }),
    observaciones: jsonb('observaciones').notNull().default([]),
    fotoArchivoId: uuid('foto_archivo_id'),
    baja: jsonb('baja'),
    /** normalised código, marca, modelo, serie and matrícula: what searchTerm matches. */
    busqueda: text('busqueda').notNull(),
    ...auditoria(),
  },
  (table) => [
    check('maquinas_empresa_check', sql`${table.empresa} = 'alquileres'`),
    check(
      'maquinas_estado_check',
      sql`${table.estado} IN ('disponible', 'alquilada', 'en_taller', 'baja')`,
    ),
    check('maquinas_horometro_check', sql`${table.horometro} >= 0`),
    uniqueIndex('maquinas_codigo_key').on(table.empresa, table.codigoInterno),
    uniqueIndex('maquinas_serie_key').on(table.empresa, table.marcaNormalizada, table.numeroSerie),
    index('maquinas_busqueda_trgm_idx').using('gin', sql`${table.busqueda} gin_trgm_ops`),
    index('maquinas_estado_idx').on(table.estado, table.codigoInterno),
  ],
);

export const maquinaHorometros = pgTable(
  'maquina_horometros',
  {
    id: id(),
    maquinaId: uuid('maquina_id')
      .notNull()
      .references(() => maquinas.id, { onDelete: 'cascade' }),
    fecha: dia('fecha').notNull(),
    lectura: numeric('lectura', { precision: 10, scale: 1 }).notNull(),
    /** horasAcumuladas after this reading (R9), so deleting the last one restores the previous. */
    horasAcumuladas: numeric('horas_acumuladas', { precision: 10, scale: 1 }).notNull(),
    origen: text('origen').notNull(),
    referencia: text('referencia'),
    /** The albarán that recorded it (entrega / devolución), so annulling it removes the reading. */
    albaranId: text('albaran_id'),
    reinicio: boolean('reinicio').notNull().default(false),
    motivo: text('motivo'),
    registradoPor: text('registrado_por'),
    registradoEn: timestamp('registrado_en', { withTimezone: true }).notNull().defaultNow(),
    /** Insertion order: readings of one day keep the order they were typed in. */
    orden: integer('orden').generatedAlwaysAsIdentity(),
  },
  (table) => [
    check('maquina_horometros_lectura_check', sql`${table.lectura} >= 0`),
    index('maquina_horometros_maquina_idx').on(table.maquinaId, table.orden),
  ],
);

export const maquinaRevisiones = pgTable(
  'maquina_revisiones',
  {
    id: id(),
    maquinaId: uuid('maquina_id')
      .notNull()
      .references(() => maquinas.id, { onDelete: 'cascade' }),
    posicion: integer('posicion').notNull(),
    nombre: text('nombre').notNull(),
    cadaHoras: integer('cada_horas'),
    cadaMeses: integer('cada_meses'),
    avisoHoras: integer('aviso_horas').notNull().default(25),
    avisoDias: integer('aviso_dias').notNull().default(30),
    ultimaFecha: dia('ultima_fecha').notNull(),
    ultimasHoras: numeric('ultimas_horas', { precision: 10, scale: 1 }).notNull(),
  },
  (table) => [index('maquina_revisiones_maquina_idx').on(table.maquinaId, table.posicion)],
);

export const maquinaMantenimientos = pgTable(
  'maquina_mantenimientos',
  {
    id: id(),
    maquinaId: uuid('maquina_id')
      .notNull()
      .references(() => maquinas.id, { onDelete: 'restrict' }),
    tipo: text('tipo').notNull(),
    descripcion: text('descripcion').notNull(),
    fechaInicio: dia('fecha_inicio').notNull(),
    fechaFinPrevista: dia('fecha_fin_prevista'),
    urgente: boolean('urgente').notNull().default(false),
    estado: text('estado').notNull(),
    tallerId: uuid('taller_id').references(() => partesTables.partes.id, { onDelete: 'restrict' }),
    revisionId: uuid('revision_id').references(() => maquinaRevisiones.id, {
      onDelete: 'set null',
    }),
    fechaFinReal: dia('fecha_fin_real'),
    horometro: numeric('horometro', { precision: 10, scale: 1 }),
    coste: numeric('coste', { precision: 14, scale: 2 }),
    resultado: text('resultado'),
    /** The return albarán whose incidencia opened it (annulling the albarán cancels it). */
    albaranId: text('albaran_id'),
    ...auditoria(),
  },
  (table) => [
    check(
      'maquina_mantenimientos_estado_check',
      sql`${table.estado} IN ('programado', 'en_curso', 'finalizado', 'cancelado')`,
    ),
    index('maquina_mantenimientos_maquina_idx').on(table.maquinaId, table.fechaInicio),
  ],
);

export const maquinaDocumentos = pgTable(
  'maquina_documentos',
  {
    id: id(),
    maquinaId: uuid('maquina_id')
      .notNull()
      .references(() => maquinas.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    descripcion: text('descripcion'),
    fechaEmision: dia('fecha_emision'),
    fechaCaducidad: dia('fecha_caducidad'),
    archivoId: uuid('archivo_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBySub: text('created_by_sub'),
    createdByEmail: text('created_by_email'),
  },
  (table) => [index('maquina_documentos_maquina_idx').on(table.maquinaId, table.tipo)],
);

export const andamioComponentes = pgTable(
  'andamio_componentes',
  {
    id: id(),
    empresa: empresa(),
    codigo: text('codigo').notNull(),
    nombre: text('nombre').notNull(),
    categoria: text('categoria').notNull(),
    sistema: text('sistema'),
    fabricante: text('fabricante'),
    referenciaFabricante: text('referencia_fabricante'),
    norma: text('norma'),
    dimensiones: text('dimensiones'),
    pesoKg: numeric('peso_kg', { precision: 10, scale: 3 }).notNull(),
    precioDia: numeric('precio_dia', { precision: 14, scale: 4 }).notNull(),
    precioSemana: numeric('precio_semana', { precision: 14, scale: 4 }),
    precioMes: numeric('precio_mes', { precision: 14, scale: 4 }),
    precioReposicion: numeric('precio_reposicion', { precision: 14, scale: 4 }),
    precioVenta: numeric('precio_venta', { precision: 14, scale: 4 }),
    stockMinimo: integer('stock_minimo').notNull().default(0),
    activo: boolean('activo').notNull().default(true),
    observaciones: jsonb('observaciones').notNull().default([]),
    busqueda: text('busqueda').notNull(),
    ...auditoria(),
  },
  (table) => [
    check('andamio_componentes_empresa_check', sql`${table.empresa} = 'alquileres'`),
    uniqueIndex('andamio_componentes_codigo_key').on(table.empresa, table.codigo),
    index('andamio_componentes_busqueda_trgm_idx').using(
      'gin',
      sql`${table.busqueda} gin_trgm_ops`,
    ),
  ],
);

/** The counts per state (§2.6), changed only together with a movement (§2.7). */
export const andamioStock = pgTable(
  'andamio_stock',
  {
    componenteId: uuid('componente_id')
      .primaryKey()
      .references(() => andamioComponentes.id, { onDelete: 'cascade' }),
    disponible: integer('disponible').notNull().default(0),
    alquilado: integer('alquilado').notNull().default(0),
    enReparacion: integer('en_reparacion').notNull().default(0),
    baja: integer('baja').notNull().default(0),
    vendido: integer('vendido').notNull().default(0),
    /** The component's rows in andamio_movimientos (a trigger counts them): the ledger's total. */
    movimientos: integer('movimientos').notNull().default(0),
  },
  (table) => [
    check(
      'andamio_stock_no_negativo',
      sql`${table.disponible} >= 0 AND ${table.alquilado} >= 0 AND ${table.enReparacion} >= 0 AND ${table.baja} >= 0 AND ${table.vendido} >= 0`,
    ),
  ],
);

export const andamioMovimientos = pgTable(
  'andamio_movimientos',
  {
    id: id(),
    componenteId: uuid('componente_id')
      .notNull()
      .references(() => andamioComponentes.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    cantidad: integer('cantidad').notNull(),
    de: text('de'),
    a: text('a'),
    fecha: dia('fecha').notNull(),
    referenciaTipo: text('referencia_tipo'),
    referenciaId: text('referencia_id'),
    referenciaNumero: text('referencia_numero'),
    /** The albarán that moved it, so annulling the albarán can reverse exactly its movements. */
    albaranId: text('albaran_id'),
    motivo: text('motivo'),
    usuario: text('usuario'),
    registradoEn: timestamp('registrado_en', { withTimezone: true }).notNull().defaultNow(),
    orden: integer('orden').generatedAlwaysAsIdentity(),
  },
  (table) => [
    index('andamio_movimientos_componente_idx').on(table.componenteId, table.fecha, table.orden),
    index('andamio_movimientos_albaran_idx')
      .on(table.albaranId)
      .where(sql`${table.albaranId} IS NOT NULL`),
  ],
);

export const conceptos = pgTable(
  'conceptos',
  {
    id: id(),
    empresa: empresa(),
    codigo: text('codigo').notNull(),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion'),
    tipo: text('tipo').notNull(),
    aplicaA: text('aplica_a').notNull().default('todos'),
    unidad: text('unidad').notNull(),
    precio: numeric('precio', { precision: 14, scale: 4 }).notNull(),
    tipoIva: integer('tipo_iva').notNull().default(21),
    motivoIva0: text('motivo_iva0'),
    activo: boolean('activo').notNull().default(true),
    busqueda: text('busqueda').notNull(),
    ...auditoria(),
  },
  (table) => [
    check('conceptos_empresa_check', sql`${table.empresa} = 'alquileres'`),
    check('conceptos_iva_check', sql`${table.tipoIva} IN (21, 10, 4, 0)`),
    uniqueIndex('conceptos_codigo_key').on(table.empresa, table.codigo),
    index('conceptos_busqueda_trgm_idx').using('gin', sql`${table.busqueda} gin_trgm_ops`),
  ],
);

/** The availability ledger (§2.9). Never deleted: `liberado` keeps the ocupación history. */
export const inventarioBloqueos = pgTable(
  'inventario_bloqueos',
  {
    id: id(),
    maquinaId: uuid('maquina_id').references(() => maquinas.id, { onDelete: 'restrict' }),
    componenteId: uuid('componente_id').references(() => andamioComponentes.id, {
      onDelete: 'restrict',
    }),
    cantidad: integer('cantidad').notNull().default(1),
    desde: dia('desde').notNull(),
    hasta: dia('hasta'),
    /** The machine's preparation days when booked (rentals only; R4). */
    diasPreparacion: integer('dias_preparacion').notNull().default(0),
    periodo: daterange('periodo')
      .notNull()
      .generatedAlwaysAs(sql`daterange(desde, (hasta + 1 + dias_preparacion), '[)')`),
    origenTipo: text('origen_tipo').notNull(),
    origenId: text('origen_id').notNull(),
    lineaId: text('linea_id'),
    numero: text('numero'),
    etiqueta: text('etiqueta'),
    exclusivo: boolean('exclusivo').notNull().default(true),
    enCurso: boolean('en_curso').notNull().default(false),
    /** The booked return day, kept when a return trims `hasta` (an annulled return restores it). */
    hastaPrevista: dia('hasta_prevista'),
    /** The albaranes that delivered, returned (trimmed) or split off this bloqueo (§6.5 revertir). */
    albaranEntregaId: text('albaran_entrega_id'),
    albaranDevolucionId: text('albaran_devolucion_id'),
    albaranCreacionId: text('albaran_creacion_id'),
    estado: text('estado').notNull().default('activo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'inventario_bloqueos_recurso_check',
      sql`(${table.maquinaId} IS NULL) <> (${table.componenteId} IS NULL)`,
    ),
    check('inventario_bloqueos_cantidad_check', sql`${table.cantidad} > 0`),
    check(
      'inventario_bloqueos_fechas_check',
      sql`${table.hasta} IS NULL OR ${table.hasta} >= ${table.desde}`,
    ),
    check('inventario_bloqueos_estado_check', sql`${table.estado} IN ('activo', 'liberado')`),
    index('inventario_bloqueos_origen_idx').on(table.origenTipo, table.origenId),
    index('inventario_bloqueos_maquina_idx')
      .on(table.maquinaId, table.desde)
      .where(sql`${table.maquinaId} IS NOT NULL`),
  ],
);
