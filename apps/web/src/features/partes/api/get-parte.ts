import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import type { ParteRecord } from '../parte-record.js';
import { parteKeys } from './parte-keys.js';

/** SPEC 7: the record comes in the data field, or is the body itself. */
export const unwrapData = <T>(body: unknown): T =>
  (typeof body === 'object' && body !== null && 'data' in body
    ? (body as { data: unknown }).data
    : body) as T;

export const getParte = async (
  api: ApiClient,
  resource: string,
  id: string,
  signal?: AbortSignal,
): Promise<ParteRecord> =>
  unwrapData<ParteRecord>(
    await api.get<unknown>(`/api/${resource}/${encodeURIComponent(id)}`, signal ? { signal } : {}),
  );

export const parteQueryOptions = (api: ApiClient, resource: string, id: string) =>
  queryOptions({
    queryKey: parteKeys(resource).detail(id),
    queryFn: ({ signal }) => getParte(api, resource, id, signal),
    // A form must start from the record as it is now, not from a cached copy.
    staleTime: 0,
  });

export const useParte = (resource: string, id: string | undefined) => {
  const api = useApiClient();
  return useQuery({ ...parteQueryOptions(api, resource, id ?? ''), enabled: Boolean(id) });
};
