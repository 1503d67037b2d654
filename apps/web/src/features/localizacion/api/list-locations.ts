import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS } from '@tvsistema/domain';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { LEVELS, type LocationLevel, type LocationRecord } from '../levels.js';
import {
  LOCALIZACION_BASE_PATH,
  localizacionKeys,
  type LocationListEnvelope,
  type LocationListParams,
} from './localizacion-keys.js';

export const LOCATION_PAGE_SIZE = LIMITS.typeahead.perPage;

/** GET /api/localizacion/{level}: one page, filtered by the parents and the typed text. */
export const listLocations = <L extends LocationLevel>(
  api: ApiClient,
  level: L,
  { search, filters }: LocationListParams,
  page: number,
  signal?: AbortSignal,
): Promise<LocationListEnvelope<LocationRecord<L>>> => {
  const info = LEVELS[level];
  const text = search.trim();
  return api.get(`${LOCALIZACION_BASE_PATH}/${info.segment}`, {
    query: {
      [info.searchParam]: text === '' ? undefined : text,
      ...filters,
      page,
      limit: LOCATION_PAGE_SIZE,
    },
    ...(signal ? { signal } : {}),
  });
};

export const locationListQueryOptions = <L extends LocationLevel>(
  api: ApiClient,
  level: L,
  params: LocationListParams,
) =>
  infiniteQueryOptions({
    queryKey: localizacionKeys.list(level, params),
    queryFn: ({ pageParam, signal }) => listLocations(api, level, params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: LocationListEnvelope<LocationRecord<L>>) =>
      last.meta?.hasMore ? last.meta.page + 1 : undefined,
  });

/** Pages of a level; the previous result stays visible while a new search is on its way. */
export const useLocationList = <L extends LocationLevel>(
  level: L,
  params: LocationListParams,
  { enabled = true }: { enabled?: boolean } = {},
) => {
  const api = useApiClient();
  return useInfiniteQuery({
    ...locationListQueryOptions(api, level, params),
    enabled,
    placeholderData: keepPreviousData,
  });
};
