import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Concepto, ConceptoCreate, ConceptoUpdate, Paginated } from '@tvsistema/domain';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { fetchCsv, csvFileName, type CsvFile } from '../../../lib/csv-export.js';

// inventario.md §6.3: /api/conceptos — list, export, record, history, PDF, create, update, delete.

export const CONCEPTOS_API = '/api/conceptos';

/** GET /api/conceptos: the filtered page of the list screen. */
export type ConceptoListParams = {
  page: number;
  limit: number;
  searchTerm?: string | undefined;
  tipo?: string | undefined;
  aplicaA?: string | undefined;
  activo?: boolean | undefined;
  sort?: string | undefined;
};
export type ConceptoExportParams = Omit<ConceptoListParams, 'page' | 'limit'>;

export const conceptoKeys = {
  all: ['conceptos'] as const,
  list: (params: ConceptoListParams) => ['conceptos', 'list', params] as const,
  detail: (id: string) => ['conceptos', 'detail', id] as const,
};

const recordUrl = (id: string) => `${CONCEPTOS_API}/${encodeURIComponent(id)}`;

export const getConceptos = (
  api: ApiClient,
  params: ConceptoListParams,
  signal?: AbortSignal,
): Promise<Paginated<Concepto>> =>
  api.get<Paginated<Concepto>>(CONCEPTOS_API, {
    query: { ...params },
    ...(signal ? { signal } : {}),
  });

export const useConceptos = (params: ConceptoListParams) => {
  const api = useApiClient();
  return useQuery({
    queryKey: conceptoKeys.list(params),
    queryFn: ({ signal }) => getConceptos(api, params, signal),
    placeholderData: keepPreviousData,
  });
};

export const getConcepto = async (
  api: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<Concepto> =>
  (await api.get<{ data: Concepto }>(recordUrl(id), signal ? { signal } : {})).data;

export const conceptoQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: conceptoKeys.detail(id),
    queryFn: ({ signal }) => getConcepto(api, id, signal),
    // A form or an action must start from the record as it is now.
    staleTime: 0,
  });

export const useConcepto = (id: string | undefined) => {
  const api = useApiClient();
  return useQuery({ ...conceptoQueryOptions(api, id ?? ''), enabled: Boolean(id) });
};

/** What a POST sends (the schema's input: defaults filled by the server). */
export type ConceptoPayload = ConceptoCreate;
export type ConceptoUpdatePayload = Omit<ConceptoUpdate, 'version'> & { version: number };

const useInvalidateConceptos = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: conceptoKeys.all });
};

export const useCreateConcepto = () => {
  const api = useApiClient();
  const invalidate = useInvalidateConceptos();
  return useMutation({
    mutationFn: async (payload: ConceptoPayload) =>
      (await api.post<{ data: Concepto }>(CONCEPTOS_API, payload)).data,
    onSuccess: invalidate,
  });
};

export const useUpdateConcepto = (id: string) => {
  const api = useApiClient();
  const invalidate = useInvalidateConceptos();
  return useMutation({
    mutationFn: async (payload: ConceptoUpdatePayload) =>
      (await api.put<{ data: Concepto }>(recordUrl(id), payload)).data,
    onSuccess: invalidate,
  });
};

/** DELETE /api/conceptos/{id}?version= (R15: 409 when a document line uses it). */
export const useDeleteConcepto = (id: string) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => api.delete<unknown>(recordUrl(id), { query: { version } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: conceptoKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: conceptoKeys.all });
    },
  });
};

export const conceptoHistorialUrl = (id: string) => `${recordUrl(id)}/historial`;

/** GET /api/conceptos/export with the list's filters. */
export const exportConceptos = (
  params: ConceptoExportParams,
  getAccessToken: () => Promise<string>,
  now: Date = new Date(),
): Promise<CsvFile> =>
  fetchCsv({
    path: `${CONCEPTOS_API}/export`,
    query: params,
    fallbackFileName: csvFileName(['conceptos'], now),
    getAccessToken,
  });

/** GET /api/conceptos/pdf: "Tarifa de conceptos de alquiler". */
export const fetchTarifaPdf = (getAccessToken: () => Promise<string>): Promise<CsvFile> =>
  fetchCsv({
    path: `${CONCEPTOS_API}/pdf`,
    query: {},
    accept: 'application/pdf',
    fallbackFileName: 'tarifa-conceptos.pdf',
    getAccessToken,
  });
