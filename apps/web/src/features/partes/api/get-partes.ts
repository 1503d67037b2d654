import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Empresa } from '@tvsistema/domain';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import type { ParteListResponse } from '../parte-record.js';
import { parteKeys } from './parte-keys.js';

/** GET /api/{resource}: the filtered page the list screen shows. */
export type ParteListParams = {
  empresa: Empresa;
  page: number;
  limit: number;
  searchTerm?: string | undefined;
  activo?: boolean | undefined;
  sort?: string | undefined;
};

export const getPartes = (
  api: ApiClient,
  resource: string,
  params: ParteListParams,
  signal?: AbortSignal,
): Promise<ParteListResponse> =>
  api.get<ParteListResponse>(`/api/${resource}`, {
    query: { ...params },
    ...(signal ? { signal } : {}),
  });

export const partesQueryOptions = (api: ApiClient, resource: string, params: ParteListParams) =>
  queryOptions({
    queryKey: parteKeys(resource).list(params),
    queryFn: ({ signal }) => getPartes(api, resource, params, signal),
    // The previous page stays on screen while the next one loads: no flicker when paging.
    placeholderData: keepPreviousData,
  });

export const usePartes = (
  resource: string,
  params: ParteListParams | undefined,
): ReturnType<typeof useQuery<ParteListResponse>> => {
  const api = useApiClient();
  return useQuery({
    ...partesQueryOptions(api, resource, params ?? { empresa: 'alquileres', page: 1, limit: 10 }),
    enabled: params !== undefined,
  });
};
