import type { LocationFilters, LocationLevel } from '../levels.js';

export const LOCALIZACION_BASE_PATH = '/api/localizacion';

/** Every answer of /api/localizacion (SPEC 7). */
export type LocationEnvelope<T> = { success: boolean; data: T; message?: string };
export type LocationListEnvelope<T> = LocationEnvelope<T[]> & {
  meta: { page: number; limit: number; hasMore: boolean };
};

export type LocationListParams = { search: string; filters: LocationFilters };

/** One cache-key tree for the module; mutations invalidate `all`. */
export const localizacionKeys = {
  all: ['localizacion'] as const,
  level: (level: LocationLevel) => [...localizacionKeys.all, level] as const,
  list: (level: LocationLevel, params: LocationListParams) =>
    [...localizacionKeys.level(level), 'list', params] as const,
  detail: (level: LocationLevel, id: string) =>
    [...localizacionKeys.level(level), 'detail', id] as const,
  dependencies: (level: LocationLevel, id: string) =>
    [...localizacionKeys.level(level), 'dependencias', id] as const,
};
