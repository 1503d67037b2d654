import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import type { PartePayload, ParteRecord } from '../parte-record.js';
import { unwrapData } from './get-parte.js';
import { parteKeys } from './parte-keys.js';

/** What a PUT sends: never empresa (SPEC 4.6), always the version the form read. */
export type ParteUpdatePayload = Omit<PartePayload, 'empresa'> & { version: number | undefined };

/** PUT /api/{resource}/{id}. */
export const updateParte = async (
  api: ApiClient,
  resource: string,
  id: string,
  payload: ParteUpdatePayload,
): Promise<ParteRecord> =>
  unwrapData<ParteRecord>(
    await api.put<unknown>(`/api/${resource}/${encodeURIComponent(id)}`, payload),
  );

export const useUpdateParte = (resource: string, id: string) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ParteUpdatePayload) => updateParte(api, resource, id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parteKeys(resource).all }),
  });
};
