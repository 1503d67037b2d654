import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccionCamion, Camion, CamionInput, Paginated } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { csvFileName, fetchCsv, type CsvFile } from '../../../lib/csv-export.js';
import { CAMIONES_API, camionUrl, flotaKeys, type CamionListParams } from './flota-keys.js';

// The vehicle endpoints (flota-obras.md §6): list, record, save, state actions, CSV.

export const useCamiones = (params: CamionListParams) => {
  const api = useApiClient();
  return useQuery({
    queryKey: flotaKeys.camiones(params),
    queryFn: ({ signal }) =>
      api.get<Paginated<Camion>>(CAMIONES_API, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
};

export const useCamion = (id: string | undefined) => {
  const api = useApiClient();
  return useQuery({
    queryKey: flotaKeys.camion(id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Camion }>(camionUrl(id ?? ''), { signal })).data,
    enabled: Boolean(id),
    staleTime: 0,
  });
};

export type CamionPayload = CamionInput & { version?: number | undefined };
export type CamionGuardado = { data: Camion; warnings?: string[] };

/** POST /api/camiones or PUT /api/camiones/{id}; invalidates the fleet's keys. */
export const useSaveCamion = (id: string | undefined) => {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: CamionPayload) =>
      id
        ? api.put<CamionGuardado>(camionUrl(id), payload)
        : api.post<CamionGuardado>(CAMIONES_API, payload),
    onSuccess: () => client.invalidateQueries({ queryKey: flotaKeys.all }),
  });
};

/** POST /api/camiones/{id}/estado (§3). */
export const useEstadoCamion = (id: string) => {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { accion: AccionCamion; fecha: string; motivo?: string; version: number }) =>
      api.post<{ data: Camion }>(camionUrl(id, 'estado'), body),
    onSuccess: () => client.invalidateQueries({ queryKey: flotaKeys.all }),
  });
};

export type CamionExportParams = Omit<CamionListParams, 'page' | 'limit'>;

/** GET /api/camiones/export with the list's filters: `flota-AAAA-MM-DD.csv`. */
export const exportCamiones = (options: {
  params: CamionExportParams;
  getAccessToken: () => Promise<string>;
}): Promise<CsvFile> =>
  fetchCsv({
    path: `${CAMIONES_API}/export`,
    query: { ...options.params },
    fallbackFileName: csvFileName(['flota'], new Date()),
    getAccessToken: options.getAccessToken,
  });

/** The transporte emisor's NIF, for the visado's "Sugerir" (finanzas' emisor data). */
export const useNifTransporte = (enabled: boolean) => {
  const api = useApiClient();
  return useQuery({
    queryKey: [...flotaKeys.all, 'emisor'],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: { nif: string | null } }>('/api/facturas/emisores/transporte', {
          signal,
        })
      ).data.nif,
    enabled,
    staleTime: 5 * 60_000,
  });
};
