import type { Empresa } from '@tvsistema/domain';

/** GET /api/{resource}: the filtered page the list screen shows. */
export type ParteListParams = {
  empresa: Empresa;
  page: number;
  limit: number;
  searchTerm?: string | undefined;
  activo?: boolean | undefined;
  sort?: string | undefined;
};

/** The cache keys of one party resource; every key starts with the resource name. */
export const parteKeys = (resource: string) => ({
  all: [resource] as const,
  lists: () => [resource, 'list'] as const,
  list: (params: ParteListParams) => [resource, 'list', params] as const,
  detail: (id: string) => [resource, 'detail', id] as const,
  documento: (empresa: string, documento: string) =>
    [resource, 'documento', empresa, documento] as const,
});
