import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ErrorFilaImportacion,
  OpcionesImportacion,
  ResultadoImportacion,
  ResumenImportacion,
} from '@tvsistema/domain/logistica';

// logistica.md §2.5: imports of albaranes (the uploaded file, its rows as read, the mapping and
// the outcome), the rows as `validar` judged them, and the remembered / named mappings.

const instante = (name: string) => timestamp(name, { withTimezone: true });
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export type ArchivoImportacion = {
  archivoId: string | null;
  nombre: string;
  bytes: number;
  formato: 'csv' | 'xlsx';
  codificacion: string | null;
  separador: string | null;
  sha256: string;
};
export type FilaLeida = { fila: number; celdas: string[] };

export const albaranImportaciones = pgTable(
  'albaran_importaciones',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    empresa: text('empresa').notNull(),
    destino: text('destino').notNull(),
    archivo: jsonb('archivo').$type<ArchivoImportacion>().notNull(),
    /** The uploaded file (docs/decisions/0036-importacion-albaranes.md), dropped once confirmed or discarded. */
    contenido: bytea('contenido'),
    cabeceras: jsonb('cabeceras').$type<string[]>().notNull(),
    /** The data rows as read (text cells), so `validar` runs again without parsing the file. */
    filasLeidas: jsonb('filas_leidas').$type<FilaLeida[]>().notNull(),
    totalFilas: integer('total_filas').notNull(),
    mapeo: jsonb('mapeo').$type<Record<string, string>>(),
    opciones: jsonb('opciones').$type<OpcionesImportacion>(),
    estado: text('estado').notNull().default('subida'),
    resumen: jsonb('resumen').$type<ResumenImportacion>(),
    errores: jsonb('errores').$type<ErrorFilaImportacion[]>().notNull().default([]),
    resultado: jsonb('resultado').$type<ResultadoImportacion>(),
    motivoFallo: text('motivo_fallo'),
    createdAt: instante('created_at').notNull().defaultNow(),
    createdBySub: text('created_by_sub'),
    createdByEmail: text('created_by_email'),
    updatedAt: instante('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('albaran_importaciones_destino_check', sql`${t.destino} IN ('alquiler', 'transporte')`),
    check(
      'albaran_importaciones_estado_check',
      sql`${t.estado} IN ('subida', 'validada', 'importada', 'fallida', 'descartada')`,
    ),
    index('albaran_importaciones_recientes_idx').on(t.empresa, t.destino, t.createdAt.desc()),
  ],
);

/** One row of an import as `validar` judged it (§6 `…/filas?estado=`). */
export const albaranImportacionFilas = pgTable(
  'albaran_importacion_filas',
  {
    importacionId: uuid('importacion_id')
      .notNull()
      .references(() => albaranImportaciones.id, { onDelete: 'cascade' }),
    fila: integer('fila').notNull(),
    estado: text('estado').notNull(),
    valores: jsonb('valores').$type<Record<string, string>>().notNull(),
    errores: jsonb('errores').$type<ErrorFilaImportacion[]>().notNull(),
    avisos: jsonb('avisos').$type<string[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importacionId, t.fila] }),
    check(
      'albaran_importacion_filas_estado_check',
      sql`${t.estado} IN ('valida', 'error', 'duplicada')`,
    ),
    index('albaran_importacion_filas_estado_idx').on(t.importacionId, t.estado, t.fila),
  ],
);

export const albaranMapeos = pgTable(
  'albaran_mapeos',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    empresa: text('empresa').notNull(),
    destino: text('destino').notNull(),
    /** null = remembered automatically for `firmaCabeceras`; else a named template. */
    nombre: text('nombre'),
    firmaCabeceras: text('firma_cabeceras'),
    mapeo: jsonb('mapeo').$type<Record<string, string>>().notNull(),
    opciones: jsonb('opciones').$type<OpcionesImportacion>().notNull(),
    usadoAt: instante('usado_at'),
    createdAt: instante('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('albaran_mapeos_recordado_key')
      .on(t.empresa, t.destino, t.firmaCabeceras)
      .where(sql`${t.nombre} IS NULL`),
    uniqueIndex('albaran_mapeos_nombre_key')
      .on(t.empresa, t.destino, t.nombre)
      .where(sql`${t.nombre} IS NOT NULL`),
  ],
);
