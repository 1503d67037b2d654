import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CodigoPostalUpdate, LocationRename } from '@tvsistema/domain';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { LEVELS, type LocationLevel, type LocationRecord } from '../levels.js';
import {
  LOCALIZACION_BASE_PATH,
  localizacionKeys,
  type LocationEnvelope,
} from './localizacion-keys.js';

/** A rename: `{ nombre }` for the named levels, `{ valor }` for a postal code. */
export type LocationUpdatePayload = LocationRename | CodigoPostalUpdate;

/** PUT /api/localizacion/{level}/{id}. */
export const updateLocation = <L extends LocationLevel>(
  api: ApiClient,
  level: L,
  id: string,
  payload: LocationUpdatePayload,
): Promise<LocationEnvelope<LocationRecord<L>>> =>
  api.put(`${LOCALIZACION_BASE_PATH}/${LEVELS[level].segment}/${encodeURIComponent(id)}`, payload);

export const useUpdateLocation = <L extends LocationLevel>(level: L) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, payload }: { id: string; payload: LocationUpdatePayload }) =>
      (await updateLocation(api, level, id, payload)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: localizacionKeys.all }),
  });
};
