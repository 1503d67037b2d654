import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import type { PartePayload, ParteRecord } from '../parte-record.js';
import { unwrapData } from './get-parte.js';
import { parteKeys } from './parte-keys.js';

/** PUT /api/{resource}/{id}; the payload never carries empresa (SPEC 4.6). */
export const updateParte = async (
  api: ApiClient,
  resource: string,
  id: string,
  payload: Omit<PartePayload, 'empresa'>,
): Promise<ParteRecord> =>
  unwrapData<ParteRecord>(
    await api.put<unknown>(`/api/${resource}/${encodeURIComponent(id)}`, payload),
  );

export const useUpdateParte = (resource: string, id: string) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: Omit<PartePayload, 'empresa'>) => updateParte(api, resource, id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parteKeys(resource).all }),
  });
};
