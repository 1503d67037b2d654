import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Maquina } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import type { MaquinaPayload } from '../utils/maquina-form-values.js';
import { MAQUINARIA_API, maquinaKeys, maquinaUrl } from './maquina-keys.js';

/** POST /api/maquinaria (create) or PUT /api/maquinaria/{id} with the version read (edit). */
export const useSaveMaquina = (id: string | undefined) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: MaquinaPayload) =>
      (id
        ? await api.put<{ data: Maquina }>(maquinaUrl(id), payload)
        : await api.post<{ data: Maquina }>(MAQUINARIA_API, payload)
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maquinaKeys.all }),
  });
};
