import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

// The location hierarchy of SPEC 3. Every level stores its display name (trimmed, uppercased) and
// `nombre_busqueda`, the accent- and case-free form searches compare against (domain
// normalizeSearchText). Parents are restricted: a level still referenced by a child or by an
// address cannot be deleted (the database refuses, so nothing can be lost by a race).

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
  (table) => [unique('paises_nombre_key').on(table.nombre)],
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
  (table) => [unique('provincias_pais_nombre_key').on(table.paisId, table.nombre)],
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
  (table) => [unique('municipios_provincia_nombre_key').on(table.provinciaId, table.nombre)],
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
    unique('ciudades_municipio_nombre_key').on(table.municipioId, table.nombre),
    index('ciudades_provincia_idx').on(table.provinciaId),
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
  (table) => [unique('calles_ciudad_nombre_key').on(table.ciudadId, table.nombre)],
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
    index('codigos_postales_valor_idx').on(table.valor),
  ],
);
