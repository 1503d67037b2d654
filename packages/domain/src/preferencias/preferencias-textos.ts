import { LIST_PAGE_SIZES, type ListView } from '../lists/list-views.js';
import type { Densidad } from './preferencias-valores.js';

// The texts of the preferences: the /settings form's options and the API's messages.

export const VISTA_LISTAS_LABELS: Readonly<Record<ListView, string>> = {
  cards: 'Tarjetas',
  list: 'Lista',
};

export const DENSIDAD_LABELS: Readonly<Record<Densidad, string>> = {
  normal: 'Normal',
  compacta: 'Compacta',
};

/** The option that stores null: each list keeps its own default; no system is marked. */
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
