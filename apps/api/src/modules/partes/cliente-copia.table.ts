import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { text } from 'drizzle-orm/pg-core';

/**
 * A client's search words and sort key, copied onto each record that names it (rentals, quotes,
 * works), so a list searches and sorts on its own table and its indexes. Triggers fill them when a
 * record is written and refresh them when the client is renamed (migration 0037; comercial.md §10:
 * "refreshed by a trigger when a client is renamed"): the services never write them.
 */
export const columnasCliente = () => ({
  /** `partes.busqueda` of the record's client: its normalised name and documento ('' without one). */
  clienteBusqueda: text('cliente_busqueda').notNull().default(''),
  /** `partes.nombre_busqueda` of the record's client; a quote's provisional client: its name. */
  clienteOrden: text('cliente_orden').notNull().default(''),
});

/**
 * What a list's searchTerm matches: the record's own words, then its client's (the separator keeps
 * a term from matching across both). The trigram index is on this same expression.
 */
export const textoBusqueda = (t: { busqueda: AnyColumn; clienteBusqueda: AnyColumn }): SQL =>
  sql`(${t.busqueda} || chr(31) || ${t.clienteBusqueda})`;

/** The same expression for a statement written with a table alias (`o.busqueda`…). */
export const textoBusquedaDe = (alias: string): string =>
  `(${alias}.busqueda || chr(31) || ${alias}.cliente_busqueda)`;
