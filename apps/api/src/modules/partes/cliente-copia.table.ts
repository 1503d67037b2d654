import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { index, text } from 'drizzle-orm/pg-core';
import { escapeLike } from '../../db/like.js';

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
  /**
   * What a list's searchTerm matches: the record's own words, then its client's, stored (PostgreSQL
   * computes it after the triggers, on every write and refresh) so a scan reads one text per row:
   * two LIKEs per row, or one over the two joined on the fly, made a search page a fifth dearer
   * on PGlite.
   */
  textoBusqueda: text('texto_busqueda')
    .notNull()
    .generatedAlwaysAs(sql`busqueda || chr(31) || cliente_busqueda`),
});

type ConCopia = { textoBusqueda: AnyColumn };

/** The trigram index a list's search reads. */
export const indiceBusqueda = (tabla: string, t: ConCopia) =>
  index(`${tabla}_texto_busqueda_trgm_idx`).using('gin', sql`${t.textoBusqueda} gin_trgm_ops`);

/** Whether a record's words or its client's contain searchTerm (already normalised). */
export const coincideBusqueda = (t: ConCopia, termino: string): SQL =>
  sql`${t.textoBusqueda} like ${`%${escapeLike(termino)}%`}`;

/** The same for a statement written with a table alias (`o.texto_busqueda`). */
export const coincideBusquedaDe = (alias: string, termino: string): SQL =>
  sql`${sql.raw(alias)}.texto_busqueda like ${`%${escapeLike(termino)}%`}`;
