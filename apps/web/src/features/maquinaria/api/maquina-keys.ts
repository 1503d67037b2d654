/** GET /api/maquinaria: the filtered page the list screen shows (inventario.md §6.1). */
export type MaquinaListParams = {
  page: number;
  limit: number;
  searchTerm?: string | undefined;
  tipo?: string | undefined;
  estado?: string | undefined;
  aviso?: string | undefined;
  libreDesde?: string | undefined;
  libreHasta?: string | undefined;
  sort?: string | undefined;
};

export const MAQUINARIA_API = '/api/maquinaria';

/** `/api/maquinaria/{id}` plus an optional sub-resource. */
export const maquinaUrl = (id: string, ...rest: string[]): string =>
  [MAQUINARIA_API, encodeURIComponent(id), ...rest].join('/');

/** The cache keys of the machines; every key starts with `maquinaria`. */
export const maquinaKeys = {
  all: ['maquinaria'] as const,
  lists: () => ['maquinaria', 'list'] as const,
  list: (params: MaquinaListParams) => ['maquinaria', 'list', params] as const,
  detail: (id: string) => ['maquinaria', 'detail', id] as const,
  horometro: (id: string) => ['maquinaria', 'detail', id, 'horometro'] as const,
  ocupacion: (id: string, desde: string, hasta: string) =>
    ['maquinaria', 'detail', id, 'ocupacion', desde, hasta] as const,
  mantenimientos: (id: string) => ['maquinaria', 'detail', id, 'mantenimientos'] as const,
  documentos: (id: string) => ['maquinaria', 'detail', id, 'documentos'] as const,
  proveedores: (term: string) => ['maquinaria', 'proveedores', term] as const,
};
