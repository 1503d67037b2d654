import { useQuery } from '@tanstack/react-query';
import type { Paginated } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { maquinaKeys } from './maquina-keys.js';

export type ProveedorOpcion = { _id: string; nombre: string; documento?: string | null };

/** The suppliers of empresa alquileres a machine may come from (§2.1 proveedorId, §2.10). */
export const useProveedoresAlquileres = (term: string) => {
  const api = useApiClient();
  return useQuery({
    queryKey: maquinaKeys.proveedores(term),
    queryFn: async ({ signal }) =>
      (
        await api.get<Paginated<ProveedorOpcion>>('/api/proveedores', {
          query: {
            empresa: 'alquileres',
            activo: true,
            searchTerm: term || undefined,
            page: 1,
            limit: 20,
            sort: 'nombre',
          },
          signal,
        })
      ).data,
    staleTime: 30_000,
  });
};
