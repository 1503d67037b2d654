import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import type { PartePayload, ParteRecord } from '../parte-record.js';
import { unwrapData } from './get-parte.js';
import { parteKeys } from './parte-keys.js';

export const createParte = async (
  api: ApiClient,
  resource: string,
  payload: PartePayload,
): Promise<ParteRecord> =>
  unwrapData<ParteRecord>(await api.post<unknown>(`/api/${resource}`, payload));

export const useCreateParte = (resource: string) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PartePayload) => createParte(api, resource, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parteKeys(resource).all }),
  });
};
