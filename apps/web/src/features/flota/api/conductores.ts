import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conductor, ConductorInput, Paginated } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { CONDUCTORES_API, flotaKeys, type ConductorListParams } from './flota-keys.js';

// /api/conductores (§6): the drivers tab, its modal and the habitual-driver picker.

export const useConductores = (params: ConductorListParams, enabled = true) => {
  const api = useApiClient();
  return useQuery({
    queryKey: flotaKeys.conductores(params),
    queryFn: ({ signal }) =>
      api.get<Paginated<Conductor>>(CONDUCTORES_API, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
};

export type ConductorPayload = ConductorInput & { version?: number | undefined };

export const useSaveConductor = (id: string | undefined) => {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: ConductorPayload) =>
      id
        ? api.put<{ data: Conductor }>(`${CONDUCTORES_API}/${encodeURIComponent(id)}`, payload)
        : api.post<{ data: Conductor }>(CONDUCTORES_API, payload),
    onSuccess: () => client.invalidateQueries({ queryKey: flotaKeys.all }),
  });
};

/** The workshops: suppliers of Transportes (partes' list, empresa fixed). */
export const useTalleres = () => {
  const api = useApiClient();
  return useQuery({
    queryKey: flotaKeys.talleres(''),
    queryFn: ({ signal }) =>
      api.get<Paginated<{ _id: string; nombre: string }>>('/api/proveedores', {
        query: { empresa: 'transporte', activo: true, limit: 100 },
        signal,
      }),
  });
};
