import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FotoParte, Paginated, ParteTrabajo } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { obraKeys, obraUrl } from './obra-keys.js';

// /api/obras/{id}/partes-trabajo: list, save, delete, close, reopen, photos (flota-obras.md §6).

export const usePartesTrabajo = (obraId: string) => {
  const api = useApiClient();
  return useQuery({
    queryKey: obraKeys.partes(obraId),
    queryFn: ({ signal }) =>
      api.get<Paginated<ParteTrabajo>>(obraUrl(obraId, 'partes-trabajo'), {
        query: { limit: 100 },
        signal,
      }),
  });
};

export const useFotosParte = (obraId: string, parteId: string | undefined) => {
  const api = useApiClient();
  return useQuery({
    queryKey: obraKeys.fotos(obraId, parteId ?? ''),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: FotoParte[] }>(
          obraUrl(obraId, 'partes-trabajo', parteId ?? '', 'fotos'),
          { signal },
        )
      ).data,
    enabled: Boolean(parteId),
  });
};

export const useParteTrabajoAcciones = (obraId: string) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: obraKeys.all });
  const url = (parteId: string, ...rest: string[]) =>
    obraUrl(obraId, 'partes-trabajo', parteId, ...rest);
  return {
    guardar: useMutation({
      mutationFn: async ({
        id,
        payload,
      }: {
        id: string | undefined;
        payload: Record<string, unknown>;
      }) =>
        (id
          ? await api.put<{ data: ParteTrabajo }>(url(id), payload)
          : await api.post<{ data: ParteTrabajo }>(obraUrl(obraId, 'partes-trabajo'), payload)
        ).data,
      onSuccess: done,
    }),
    cerrar: useMutation({
      mutationFn: async ({ id, version }: { id: string; version: number }) =>
        (await api.post<{ data: ParteTrabajo }>(url(id, 'cerrar'), { version })).data,
      onSuccess: done,
    }),
    reabrir: useMutation({
      mutationFn: async ({
        id,
        version,
        motivo,
      }: {
        id: string;
        version: number;
        motivo: string;
      }) => (await api.post<{ data: ParteTrabajo }>(url(id, 'reabrir'), { version, motivo })).data,
      onSuccess: done,
    }),
    eliminar: useMutation({
      mutationFn: async (id: string) => api.delete(url(id)),
      onSuccess: done,
    }),
  };
};
