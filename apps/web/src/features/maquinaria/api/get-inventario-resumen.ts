import { useQuery } from '@tanstack/react-query';
import type { InventarioResumen } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';

/**
 * GET /api/inventario/resumen → {data}: the alquileres dashboard's machines, pieces out and next
 * 7 days (inventario.md §6.4). Only for roles with `inventario.consultar`; others never ask.
 */
export const useInventarioResumen = (enabled: boolean) => {
  const api = useApiClient();
  return useQuery({
    queryKey: ['inventario', 'resumen'],
    queryFn: async ({ signal }) =>
      (await api.get<{ data: InventarioResumen }>('/api/inventario/resumen', { signal })).data,
    enabled,
    staleTime: 60_000,
  });
};
