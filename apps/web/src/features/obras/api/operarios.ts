import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Operario, Paginated } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { OPERARIOS_API, obraKeys } from './obra-keys.js';

// GET/POST /api/operarios, PUT /api/operarios/{id} (flota-obras.md §6).

export const useOperarios = (term: string, activo: 'true' | 'false' | '' = '') => {
  const api = useApiClient();
  return useQuery({
    queryKey: obraKeys.operarios(term, activo),
    queryFn: ({ signal }) =>
      api.get<Paginated<Operario>>(OPERARIOS_API, {
        query: { searchTerm: term || undefined, activo: activo || undefined, limit: 100 },
        signal,
      }),
  });
};

export type OperarioListParams = { page: number; limit: number; searchTerm?: string; sort: string };

/** The Operarios tab's page (§5.5; §10 expects about 200 operarios over ten years). */
export const useOperariosPagina = (params: OperarioListParams) => {
  const api = useApiClient();
  return useQuery({
    queryKey: obraKeys.operariosPagina(params),
    queryFn: ({ signal }) => api.get<Paginated<Operario>>(OPERARIOS_API, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
};

export const useSaveOperario = (id: string | undefined) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: Record<string, unknown>) =>
      (id
        ? await api.put<{ data: Operario }>(`${OPERARIOS_API}/${encodeURIComponent(id)}`, payload)
        : await api.post<{ data: Operario }>(OPERARIOS_API, payload)
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: obraKeys.all }),
  });
};
