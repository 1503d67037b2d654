import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn, ExtraConfigColumn } from 'drizzle-orm/pg-core';

// The location hierarchy of SPEC 3. Every level stores its display name (trimmed, uppercased) and
// `nombre_busqueda`, the accent- and case-free form searches compare against (domain
// normalizeSearchText). Parents are restricted: a level still referenced by a child or by an
// address cannot be deleted (the database refuses, so nothing can be lost by a race).

// Migration 0002: duplicates are judged on `nombre_busqueda` ("ÁVILA" = "AVILA" under one parent),
// compared in the "C" collation so the same index also serves alphabetical lists and prefix
// searches on any database; trigram indexes serve partial searches on the levels that grow.
const collateC = (column: AnyPgColumn) => sql`${column} collate "C"`;
const trigram = (column: ExtraConfigColumn) => column.op('gin_trgm_ops');

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  // Optimistic concurrency (docs/decisions/0018): one more at every change.
  version: integer('version').notNull().default(1),
};

export const paises = pgTable(
  'paises',
  {
    id: id(),
    nombre: text('nombre').notNull(),
    nombreBusqueda: text('nombre_busqueda').notNull(),
    codigo: text('codigo'),
    ...timestamps,
  },
  (table) => [uniqueIndex('paises_nombre_busqueda_key').on(collateC(table.nombreBusqueda))],
);

export const provincias = pgTable(
  'provincias',
  {
    id: id(),
    nombre: text('nombre').notNull(),
    nombreBusqueda: text('nombre_busqueda').notNull(),
    // Castilian form of a bilingual or non-Castilian official name ("ISLAS BALEARES").
    nombreAlternativo: text('nombre_alternativo'),
    nombreAlternativoBusqueda: text('nombre_alternativo_busqueda'),
    paisId: uuid('pais_id')
      .notNull()
      .references(() => paises.id, { onDelete: 'restrict' }),
    codigo: text('codigo'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('provincias_pais_nombre_busqueda_key').on(
      table.paisId,
      collateC(table.nombreBusqueda),
    ),
  ],
);

export const municipios = pgTable(
  'municipios',
  {
    id: id(),
    nombre: text('nombre').notNull(),
    nombreBusqueda: text('nombre_busqueda').notNull(),
    provinciaId: uuid('provincia_id')
      .notNull()
      .references(() => provincias.id, { onDelete: 'restrict' }),
    // INE code (CPRO + CMUN, 5 digits) for the reference data; null for user-created ones.
    codigo: text('codigo'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('municipios_provincia_nombre_busqueda_key').on(
      table.provinciaId,
      collateC(table.nombreBusqueda),
    ),
    index('municipios_nombre_busqueda_idx').on(collateC(table.nombreBusqueda)),
    index('municipios_nombre_busqueda_trgm_idx').using('gin', trigram(table.nombreBusqueda)),
  ],
);

export const ciudades = pgTable(
  'ciudades',
  {
    id: id(),
    nombre: text('nombre').notNull(),
    nombreBusqueda: text('nombre_busqueda').notNull(),
    provinciaId: uuid('provincia_id')
      .notNull()
      .references(() => provincias.id, { onDelete: 'restrict' }),
    municipioId: uuid('municipio_id')
      .notNull()
      .references(() => municipios.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('ciudades_municipio_nombre_busqueda_key').on(
      table.municipioId,
      collateC(table.nombreBusqueda),
    ),
    index('ciudades_provincia_idx').on(table.provinciaId),
    index('ciudades_nombre_busqueda_idx').on(collateC(table.nombreBusqueda)),
    index('ciudades_nombre_busqueda_trgm_idx').using('gin', trigram(table.nombreBusqueda)),
  ],
);

export const calles = pgTable(
  'calles',
  {
    id: id(),
    nombre: text('nombre').notNull(),
    nombreBusqueda: text('nombre_busqueda').notNull(),
    ciudadId: uuid('ciudad_id')
      .notNull()
      .references(() => ciudades.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('calles_ciudad_nombre_busqueda_key').on(
      table.ciudadId,
      collateC(table.nombreBusqueda),
    ),
    index('calles_nombre_busqueda_idx').on(collateC(table.nombreBusqueda)),
    index('calles_nombre_busqueda_trgm_idx').using('gin', trigram(table.nombreBusqueda)),
  ],
);

export const codigosPostales = pgTable(
  'codigos_postales',
  {
    id: id(),
    valor: text('valor').notNull(),
    ciudadId: uuid('ciudad_id')
      .notNull()
      .references(() => ciudades.id, { onDelete: 'restrict' }),
    activo: boolean('activo').notNull().default(true),
    ...timestamps,
  },
  (table) => [
    unique('codigos_postales_ciudad_valor_key').on(table.ciudadId, table.valor),
    index('codigos_postales_valor_idx').on(collateC(table.valor)),
  ],
);
