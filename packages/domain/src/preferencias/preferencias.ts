import { z } from 'zod';
import { LIST_PAGE_SIZES, LIST_VIEWS, type ListView } from '../lists/list-views.js';
import { SYSTEM_IDS, SYSTEM_OPTIONS, type SystemId } from '../systems/systems.js';

// A user's personal preferences (issue 14, /settings): one record per user, keyed by the token's
// subject, read and written by that user alone. Lists apply them when the URL says nothing, the
// shell applies the density, and /select-system puts the default system first in line.

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

const M = PREFERENCIAS_MESSAGES;

/**
 * PUT /api/preferencias: the whole record (the last save wins; nobody else writes it). A null view
 * or page size leaves each list its own default; a null system leaves the choice to the user.
 */
export const preferenciasInputSchema = z.object({
  sistemaPorDefecto: z.enum(SYSTEM_IDS, { error: M.sistemaInvalido }).nullable(),
  vistaListas: z.enum(LIST_VIEWS, { error: M.vistaInvalida }).nullable(),
  tamanoPagina: z
    .union(
      LIST_PAGE_SIZES.map((size) => z.literal(size)),
      { error: M.tamanoInvalido },
    )
    .nullable(),
  densidad: z.enum(DENSIDADES, { error: M.densidadInvalida }),
});

export type PreferenciasInput = z.input<typeof preferenciasInputSchema>;

/** GET /api/preferencias: the stored record, or the defaults for a user who never saved one. */
export const preferenciasSchema = preferenciasInputSchema;

export type Preferencias = z.output<typeof preferenciasSchema>;

/** What a user who never saved gets: nothing changes from the product's own defaults. */
export const PREFERENCIAS_POR_DEFECTO: Preferencias = {
  sistemaPorDefecto: null,
  vistaListas: null,
  tamanoPagina: null,
  densidad: 'normal',
};
