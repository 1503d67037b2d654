import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The last number issued in each series (empresa × document type × year). A series' row is created
 * by its first issue and locked by every issue until its transaction ends, so numbers are gap-free
 * and correlative, and a rolled-back issue gives its number back.
 */
export const contadoresDocumentos = pgTable(
  'contadores_documentos',
  {
    empresa: text('empresa').notNull(),
    tipo: text('tipo').notNull(),
    anio: integer('anio').notNull(),
    ultimo: integer('ultimo').notNull(),
  },
  (table) => [primaryKey({ columns: [table.empresa, table.tipo, table.anio] })],
);
