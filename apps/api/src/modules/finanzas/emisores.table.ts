import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { direccionColumns } from '../localizacion/index.js';

/** The legal data of each empresa (finanzas.md §2 "Emisor"): one row per empresa. */
export const emisores = pgTable('emisores', {
  empresa: text('empresa').primaryKey(),
  razonSocial: text('razon_social').notNull(),
  nif: text('nif').notNull(),
  ...direccionColumns('direccion'),
  telefono: text('telefono'),
  email: text('email'),
  iban: text('iban').notNull(),
  bic: text('bic'),
  registroMercantil: text('registro_mercantil'),
  epigrafeIae: text('epigrafe_iae'),
  descripcionOperacion: text('descripcion_operacion').notNull(),
  diasVencimiento: integer('dias_vencimiento').notNull().default(30),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBySub: text('created_by_sub'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBySub: text('updated_by_sub'),
  version: integer('version').notNull().default(1),
});
