import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccionObra,
  Obra,
  ObraResumen,
  Paginated,
  Planificacion,
  RolEquipo,
} from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { OBRAS_API, obraKeys, obraUrl, type ObraListParams } from './obra-keys.js';

// GET /api/obras, GET/POST/PUT one, its estado and team, the planning grid (flota-obras.md §6).

export const useObras = (params: ObraListParams) => {
  const api = useApiClient();
  return useQuery({
    queryKey: obraKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<Paginated<ObraResumen>>(OBRAS_API, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
};

export const useObra = (id: string | undefined) => {
  const api = useApiClient();
  return useQuery({
    queryKey: obraKeys.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Obra }>(obraUrl(id ?? ''), { signal })).data,
    enabled: Boolean(id),
    staleTime: 0,
  });
};

export type ObraPayload = Record<string, unknown>;

export const useSaveObra = (id: string | undefined) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: ObraPayload) =>
      (id
        ? await api.put<{ data: Obra }>(obraUrl(id), payload)
        : await api.post<{ data: Obra }>(OBRAS_API, payload)
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: obraKeys.all }),
  });
};

export const useEstadoObra = (id: string) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: {
      accion: AccionObra;
      fecha?: string;
      motivo?: string;
      version: number;
    }) => (await api.post<{ data: Obra }>(obraUrl(id, 'estado'), body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: obraKeys.all }),
  });
};

export const useEquipoObra = (id: string) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: {
      miembros: { operarioId: string; rol: RolEquipo }[];
      version: number;
    }) => (await api.put<{ data: Obra }>(obraUrl(id, 'equipo'), body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: obraKeys.all }),
  });
};

export const usePlanificacion = (desde: string, hasta: string) => {
  const api = useApiClient();
  return useQuery({
    queryKey: obraKeys.planificacion(desde, hasta),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: Planificacion }>(`${OBRAS_API}/planificacion`, {
          query: { desde, hasta },
          signal,
        })
      ).data,
  });
};
