import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIMITS, type Empresa } from '@tvsistema/domain';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import type { ParteListResponse, ParteRecord } from '../parte-record.js';
import { parteKeys } from './parte-keys.js';

/** SPEC 7: GET ?documentoExact&empresa&limit=1&page=1; the first element is the match. */
export const findByDocumento = async (
  api: ApiClient,
  resource: string,
  empresa: Empresa,
  documento: string,
): Promise<ParteRecord | null> => {
  const body = await api.get<ParteListResponse>(`/api/${resource}`, {
    query: {
      documentoExact: documento,
      empresa,
      limit: LIMITS.duplicateCheck.limit,
      page: LIMITS.duplicateCheck.page,
    },
  });
  return body.data[0] ?? null;
};

/** The duplicate check the form runs when Documento loses focus; always asks the server again. */
export const useFindByDocumento = (resource: string) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(
    (empresa: Empresa, documento: string) =>
      queryClient.fetchQuery({
        queryKey: parteKeys(resource).documento(empresa, documento),
        queryFn: () => findByDocumento(api, resource, empresa, documento),
        staleTime: 0,
      }),
    [api, queryClient, resource],
  );
};
