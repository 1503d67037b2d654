import type { ListPageSize, ListView } from '../lists/list-views.js';
import type { SystemId } from '../systems/systems.js';

// A user's personal preferences (issue 14, /settings): one record per user, keyed by the token's
// subject, read and written by that user alone. Lists apply them when the URL says nothing, the
// shell applies the density, and /select-system marks and focuses the default system.

export const DENSIDADES = ['normal', 'compacta'] as const;
export type Densidad = (typeof DENSIDADES)[number];

/**
 * The record GET answers and PUT stores (preferencias.ts holds its zod schema, preferencias-textos.ts
 * the texts: the app's shell reads the defaults without loading either).
 */
export type Preferencias = {
  sistemaPorDefecto: SystemId | null;
  vistaListas: ListView | null;
  tamanoPagina: ListPageSize | null;
  densidad: Densidad;
};

/** What a user who never saved gets: nothing changes from the product's own defaults. */
export const PREFERENCIAS_POR_DEFECTO: Preferencias = {
  sistemaPorDefecto: null,
  vistaListas: null,
  tamanoPagina: null,
  densidad: 'normal',
};
