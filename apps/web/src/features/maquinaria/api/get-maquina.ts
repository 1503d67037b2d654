import { useQuery } from '@tanstack/react-query';
import type { Maquina } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { maquinaKeys, maquinaUrl } from './maquina-keys.js';

/** GET /api/maquinaria/{id} → {data}. */
export const useMaquina = (id: string | undefined) => {
  const api = useApiClient();
  return useQuery({
    queryKey: maquinaKeys.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Maquina }>(maquinaUrl(id ?? ''), { signal })).data,
    enabled: Boolean(id),
    // A form must start from the record as it is now, not from a cached copy.
    staleTime: 0,
  });
};
