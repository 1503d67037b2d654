import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PARTE_TIPOS } from '@tvsistema/domain/partes';
import type { ContactoRecord, ParteTipo } from '@tvsistema/domain/partes';
import { EMPRESAS } from '@tvsistema/domain/systems';
import type { Empresa } from '@tvsistema/domain/systems';
import { direccionColumns } from '../localizacion/index.js';

// Suppliers and clients in one table (docs/decisions/0009-partes-storage.md). The migration is
// written by hand (drizzle/0003_partes.sql): the counter triggers below it are not expressible here.

export const partes = pgTable(
  'partes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tipo: text('tipo').$type<ParteTipo>().notNull(),
    empresa: text('empresa').$type<Empresa>().notNull(),
    activo: boolean('activo').notNull().default(true),
    nombre: text('nombre').notNull(),
    documento: text('documento'),
    /** normalizeSearchText(nombre): the sort key, compared under COLLATE "C". */
    nombreBusqueda: text('nombre_busqueda').notNull(),
    /** nombreBusqueda + lower(documento): what searchTerm matches, trigram-indexed. */
    busqueda: text('busqueda').notNull(),
    cuentaContableProveedor: text('cuenta_contable_proveedor'),
    cuentaContableCompra: text('cuenta_contable_compra'),
    cuentaContableCliente: text('cuenta_contable_cliente'),
    cuentaContableVenta: text('cuenta_contable_venta'),
    cuentaContableRetencion: text('cuenta_contable_retencion'),
    contactos: jsonb('contactos').$type<ContactoRecord[]>().notNull().default([]),
    observaciones: jsonb('observaciones').$type<string[]>().notNull().default([]),
    archivos: jsonb('archivos').$type<unknown[]>().notNull().default([]),
    ...direccionColumns('direccion'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBySub: text('created_by_sub'),
    createdByEmail: text('created_by_email'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBySub: text('updated_by_sub'),
    updatedByEmail: text('updated_by_email'),
    // Optimistic concurrency (docs/decisions/0018): one more at every change.
    version: integer('version').notNull().default(1),
  },
  (table) => [
    check('partes_tipo_check', sql`${table.tipo} IN ('proveedor', 'cliente')`),
    check(
      'partes_empresa_check',
      sql`${table.empresa} IN ('alquileres', 'transporte', 'verticales')`,
    ),
    uniqueIndex('partes_tipo_empresa_documento_key')
      .on(table.tipo, table.empresa, table.documento)
      .where(sql`${table.documento} IS NOT NULL`),
    ...PARTE_TIPOS.flatMap((tipo) =>
      EMPRESAS.map((empresa) =>
        index(`partes_busqueda_${tipo}_${empresa}_trgm_idx`)
          .using('gin', sql`${table.busqueda} gin_trgm_ops`)
          .where(
            sql`${table.tipo} = ${sql.raw(`'${tipo}'`)} AND ${table.empresa} = ${sql.raw(`'${empresa}'`)}`,
          ),
      ),
    ),
    // The migration adds INCLUDE (activo) to these four (drizzle cannot say it): the Activo filter
    // is checked in the index during an index-only walk.
    index('partes_nombre_idx').on(
      table.tipo,
      table.empresa,
      sql`(${table.nombreBusqueda} COLLATE "C")`,
      table.id,
    ),
    index('partes_documento_idx').on(
      table.tipo,
      table.empresa,
      sql`(${table.documento} COLLATE "C")`,
      table.id,
    ),
    index('partes_created_at_idx').on(table.tipo, table.empresa, table.createdAt, table.id),
    index('partes_updated_at_idx').on(table.tipo, table.empresa, table.updatedAt, table.id),
    ...(
      [
        ['partes_direccion_pais_idx', table.direccionPaisId],
        ['partes_direccion_provincia_idx', table.direccionProvinciaId],
        ['partes_direccion_municipio_idx', table.direccionMunicipioId],
        ['partes_direccion_ciudad_idx', table.direccionCiudadId],
        ['partes_direccion_calle_idx', table.direccionCalleId],
        ['partes_direccion_codigo_postal_idx', table.direccionCodigoPostalId],
      ] as const
    ).map(([name, column]) =>
      index(name)
        .on(column)
        .where(sql`${column} IS NOT NULL`),
    ),
  ],
);

/** Rows per (tipo, empresa, activo), kept exact by statement triggers on `partes`. */
export const partesTotales = pgTable(
  'partes_totales',
  {
    tipo: text('tipo').$type<ParteTipo>().notNull(),
    empresa: text('empresa').$type<Empresa>().notNull(),
    activo: boolean('activo').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'partes_totales_pkey', columns: [table.tipo, table.empresa, table.activo] }),
  ],
);

/**
 * Each party's API record as JSON text, written by triggers only (migration 0004): on a party
 * write and on a rename of a location it uses. Reads send these texts as they are.
 */
export const partesRegistros = pgTable('partes_registros', {
  id: uuid('id')
    .primaryKey()
    .references(() => partes.id, { onDelete: 'cascade' }),
  registro: text('registro').notNull(),
});
