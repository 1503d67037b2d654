import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cliente, Paginated } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { CLIENTES_VERTICALES_API, obraKeys } from './obra-keys.js';

// The verticales clients at /api/obras/clientes (SPEC 2.11: their list lives under /obras).

export const useClientesVerticales = (term: string, limit = 20) => {
  const api = useApiClient();
  return useQuery({
    queryKey: obraKeys.clientes(`${term}|${limit}`),
    queryFn: ({ signal }) =>
      api.get<Paginated<Cliente>>(CLIENTES_VERTICALES_API, {
        query: { searchTerm: term || undefined, limit, activo: 'true' },
        signal,
      }),
  });
};

export const useCrearClienteVerticales = () => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { nombre: string; documento?: string }) =>
      (
        await api.post<{ data: Cliente }>(CLIENTES_VERTICALES_API, {
          ...body,
          empresa: 'verticales',
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: obraKeys.all }),
  });
};
