import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Cambio } from '@tvsistema/domain/historial';

/**
 * The shared audit table (modules/README.md "History"): one row per create, update, state change
 * or delete of any module's record, written in the change's own transaction. Rows are never
 * updated; a record's history is read newest first.
 */
export const historial = pgTable(
  'historial',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    usuarioSub: text('usuario_sub'),
    usuarioEmail: text('usuario_email'),
    /** The record's type, e.g. `proveedor`, `cliente`, `localizacion.calle`. */
    recurso: text('recurso').notNull(),
    registroId: text('registro_id').notNull(),
    empresa: text('empresa'),
    accion: text('accion').notNull(),
    cambios: jsonb('cambios').$type<Cambio[]>().notNull(),
    /** Fastify's request id: the log lines of the same request carry it. */
    requestId: text('request_id'),
  },
  (table) => [
    index('historial_registro_idx').on(table.recurso, table.registroId, table.fecha, table.id),
  ],
);
