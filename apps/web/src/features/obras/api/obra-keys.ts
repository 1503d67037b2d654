// The obras feature's API paths and cache keys; every key starts with `obras`.

export type ObraListParams = {
  page: number;
  limit: number;
  searchTerm?: string | undefined;
  estado?: string | undefined;
  tipoTrabajo?: string | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
  sort?: string | undefined;
};

export const OBRAS_API = '/api/obras';
export const OPERARIOS_API = '/api/operarios';
export const CLIENTES_VERTICALES_API = '/api/obras/clientes';

/** `/api/obras/{id}` plus an optional sub-resource. */
export const obraUrl = (id: string, ...rest: string[]): string =>
  [OBRAS_API, encodeURIComponent(id), ...rest.map(encodeURIComponent)].join('/');

export const obraKeys = {
  all: ['obras'] as const,
  list: (params: ObraListParams) => ['obras', 'list', params] as const,
  detail: (id: string) => ['obras', 'detail', id] as const,
  partes: (id: string) => ['obras', 'detail', id, 'partes'] as const,
  fotos: (id: string, parteId: string) =>
    ['obras', 'detail', id, 'partes', parteId, 'fotos'] as const,
  documentos: (id: string) => ['obras', 'detail', id, 'documentos'] as const,
  operarios: (term: string, activo: string) => ['obras', 'operarios', term, activo] as const,
  operariosPagina: (params: object) => ['obras', 'operarios', 'pagina', params] as const,
  clientes: (term: string) => ['obras', 'clientes', term] as const,
  planificacion: (desde: string, hasta: string) =>
    ['obras', 'planificacion', desde, hasta] as const,
};
