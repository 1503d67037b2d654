import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Maquina, Paginated } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { MAQUINARIA_API, maquinaKeys, type MaquinaListParams } from './maquina-keys.js';

/** GET /api/maquinaria with the list's search, filters, sort and page. */
export const useMaquinas = (params: MaquinaListParams) => {
  const api = useApiClient();
  return useQuery({
    queryKey: maquinaKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<Paginated<Maquina>>(MAQUINARIA_API, { query: { ...params }, signal }),
    // The previous page stays on screen while the next one loads: no flicker when paging.
    placeholderData: keepPreviousData,
  });
};
