import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Uploaded files' metadata (modules/README.md "Files"): the bytes live outside the database,
 * under DATA_DIR/archivos named by their SHA-256 (one copy per content); each row says whose file
 * it is (recurso + registro) and so who may read it.
 */
export const archivos = pgTable(
  'archivos',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    recurso: text('recurso').notNull(),
    registroId: text('registro_id').notNull(),
    empresa: text('empresa'),
    nombre: text('nombre').notNull(),
    mime: text('mime').notNull(),
    tamano: integer('tamano').notNull(),
    sha256: text('sha256').notNull(),
    /** A folder inside the record's archive (comercial's rentals); null where a module has none. */
    carpeta: text('carpeta'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBySub: text('created_by_sub'),
    createdByEmail: text('created_by_email'),
  },
  (table) => [
    index('archivos_registro_idx').on(table.recurso, table.registroId, table.createdAt),
    index('archivos_sha256_idx').on(table.sha256),
  ],
);
