import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import type { ParteListResponse } from '../parte-record.js';
import { parteKeys, type ParteListParams } from './parte-keys.js';

export type { ParteListParams } from './parte-keys.js';

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
