import { LIST_PAGE_SIZES, type ListPageSize, type ListView } from '../lists/list-views.js';
import { SYSTEM_OPTIONS, type SystemId } from '../systems/systems.js';

// A user's personal preferences (issue 14, /settings): one record per user, keyed by the token's
// subject, read and written by that user alone. Lists apply them when the URL says nothing, the
// shell applies the density, and /select-system marks and focuses the default system.

export const DENSIDADES = ['normal', 'compacta'] as const;
export type Densidad = (typeof DENSIDADES)[number];

export const VISTA_LISTAS_LABELS: Readonly<Record<ListView, string>> = {
  cards: 'Tarjetas',
  list: 'Lista',
};

export const DENSIDAD_LABELS: Readonly<Record<Densidad, string>> = {
  normal: 'Normal',
  compacta: 'Compacta',
};

export const SISTEMA_LABELS: Readonly<Record<SystemId, string>> = Object.fromEntries(
  SYSTEM_OPTIONS.map((option) => [option.id, option.name]),
) as Record<SystemId, string>;

/** The option that stores null: each list keeps its own default; no system goes first. */
export const SIN_PREFERENCIA_LABELS = {
  sistemaPorDefecto: 'Ninguno (elegir al entrar)',
  vistaListas: 'La de cada lista',
  tamanoPagina: 'El de cada lista',
} as const;

export const PREFERENCIAS_MESSAGES = {
  sistemaInvalido: 'El sistema por defecto debe ser Alquileres, Transportes o Trabajos Verticales',
  sistemaSinAcceso: 'No tienes acceso al sistema elegido como sistema por defecto',
  vistaInvalida: 'La vista de las listas debe ser tarjetas o lista',
  tamanoInvalido: `El tamaño de página debe ser ${LIST_PAGE_SIZES.slice(0, -1).join(', ')} o ${LIST_PAGE_SIZES.at(-1)}`,
  densidadInvalida: 'La densidad debe ser normal o compacta',
  guardadas: 'Preferencias guardadas.',
  noGuardadas: 'No se pudieron guardar las preferencias.',
  noCargadas: 'No se pudieron cargar las preferencias.',
} as const;

/**
 * The record GET answers and PUT stores (preferencias.ts holds its zod schema; this file has
 * none, so the app's shell can read the defaults without loading zod).
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
