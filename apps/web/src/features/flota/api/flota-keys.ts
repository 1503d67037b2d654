/** GET /api/camiones: the filtered page the list screen shows (flota-obras.md §6). */
export type CamionListParams = {
  page: number;
  limit: number;
  searchTerm?: string | undefined;
  estado?: string | undefined;
  tipo?: string | undefined;
  vencimientos?: number | undefined;
  sort?: string | undefined;
};

export type ConductorListParams = {
  page: number;
  limit: number;
  searchTerm?: string | undefined;
  activo?: boolean | undefined;
  sort?: string | undefined;
};

export const CAMIONES_API = '/api/camiones';
export const CONDUCTORES_API = '/api/conductores';

/** `/api/camiones/{id}` plus an optional sub-resource. */
export const camionUrl = (id: string, ...rest: string[]): string =>
  [CAMIONES_API, encodeURIComponent(id), ...rest].join('/');

/** The fleet's cache keys; every key starts with `flota`. */
export const flotaKeys = {
  all: ['flota'] as const,
  camiones: (params: CamionListParams) => ['flota', 'camiones', params] as const,
  camion: (id: string) => ['flota', 'camion', id] as const,
  sub: (id: string, recurso: string, page = 1) => ['flota', 'camion', id, recurso, page] as const,
  conductores: (params: ConductorListParams) => ['flota', 'conductores', params] as const,
  talleres: (term: string) => ['flota', 'talleres', term] as const,
};
