import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each user's personal preferences (issue 14, decision 0044): one row per token subject, written
 * by that user alone. Null view, page size or system: the product's own default.
 */
export const preferenciasUsuario = pgTable('preferencias_usuario', {
  sub: text('sub').primaryKey(),
  sistemaPorDefecto: text('sistema_por_defecto'),
  vistaListas: text('vista_listas'),
  tamanoPagina: integer('tamano_pagina'),
  densidad: text('densidad').notNull().default('normal'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
