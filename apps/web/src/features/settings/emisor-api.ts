import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Emisor, EmisorInput, Empresa } from '@tvsistema/domain';
import { useApiClient } from '../../lib/api-client-context.js';

const key = (empresa: Empresa) => ['emisores', empresa] as const;
const url = (empresa: Empresa) => `/api/facturas/emisores/${empresa}`;

/** GET /api/facturas/emisores/{empresa}: the stored record, or its defaults at version 0. */
export const useEmisor = (empresa: Empresa) => {
  const api = useApiClient();
  return useQuery({
    queryKey: key(empresa),
    queryFn: async () => (await api.get<{ data: Emisor }>(url(empresa))).data,
  });
};

/** PUT with the version read; the cached record is replaced by the saved one. */
export const useSaveEmisor = (empresa: Empresa) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: EmisorInput) =>
      (await api.put<{ data: Emisor }>(url(empresa), payload)).data,
    onSuccess: (saved) => queryClient.setQueryData(key(empresa), saved),
  });
};
