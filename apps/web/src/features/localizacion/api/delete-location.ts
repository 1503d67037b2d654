import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { LEVELS, type LocationLevel } from '../levels.js';
import {
  LOCALIZACION_BASE_PATH,
  localizacionKeys,
  type LocationEnvelope,
} from './localizacion-keys.js';

/** DELETE /api/localizacion/{level}/{id}; the server refuses (409) while something depends on it. */
export const deleteLocation = (
  api: ApiClient,
  level: LocationLevel,
  id: string,
): Promise<LocationEnvelope<unknown>> =>
  api.delete(`${LOCALIZACION_BASE_PATH}/${LEVELS[level].segment}/${encodeURIComponent(id)}`);

export const useDeleteLocation = (level: LocationLevel) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteLocation(api, level, id),
    onSuccess: (_result, id) => {
      // The record is gone: drop its cached detail instead of refetching a 404.
      queryClient.removeQueries({ queryKey: localizacionKeys.detail(level, id) });
      return queryClient.invalidateQueries({ queryKey: localizacionKeys.all });
    },
  });
};
