import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { LEVELS, type LocationLevel } from '../levels.js';
import {
  LOCALIZACION_BASE_PATH,
  localizacionKeys,
  type LocationEnvelope,
} from './localizacion-keys.js';

/** What still depends on a record: child records per level and addresses that use it. */
export type LocationDependencies = {
  hijos: { entidad: string; total: number }[];
  usos: number;
};

/** GET /api/localizacion/{level}/{id}/dependencias. */
export const getLocationDependencies = (
  api: ApiClient,
  level: LocationLevel,
  id: string,
  signal?: AbortSignal,
): Promise<LocationEnvelope<LocationDependencies>> =>
  api.get(
    `${LOCALIZACION_BASE_PATH}/${LEVELS[level].segment}/${encodeURIComponent(id)}/dependencias`,
    signal ? { signal } : {},
  );

export const locationDependenciesQueryOptions = (
  api: ApiClient,
  level: LocationLevel,
  id: string,
) =>
  queryOptions({
    queryKey: localizacionKeys.dependencies(level, id),
    queryFn: async ({ signal }) => (await getLocationDependencies(api, level, id, signal)).data,
    // Counts change with every edit elsewhere: always ask again when the dialog opens.
    staleTime: 0,
  });

export const useLocationDependencies = (level: LocationLevel, id: string | null) => {
  const api = useApiClient();
  return useQuery({
    ...locationDependenciesQueryOptions(api, level, id ?? ''),
    enabled: id !== null,
  });
};
