import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { LEVELS, type LocationLevel, type LocationRecord } from '../levels.js';
import {
  LOCALIZACION_BASE_PATH,
  localizacionKeys,
  type LocationEnvelope,
} from './localizacion-keys.js';

/** GET /api/localizacion/{level}/{id}. */
export const getLocation = <L extends LocationLevel>(
  api: ApiClient,
  level: L,
  id: string,
  signal?: AbortSignal,
): Promise<LocationEnvelope<LocationRecord<L>>> =>
  api.get(
    `${LOCALIZACION_BASE_PATH}/${LEVELS[level].segment}/${encodeURIComponent(id)}`,
    signal ? { signal } : {},
  );

export const locationQueryOptions = <L extends LocationLevel>(
  api: ApiClient,
  level: L,
  id: string,
) =>
  queryOptions({
    queryKey: localizacionKeys.detail(level, id),
    queryFn: async ({ signal }) => (await getLocation(api, level, id, signal)).data,
  });

export const useLocation = <L extends LocationLevel>(level: L, id: string | null) => {
  const api = useApiClient();
  return useQuery({ ...locationQueryOptions(api, level, id ?? ''), enabled: id !== null });
};
