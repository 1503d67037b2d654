import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Preferencias, PreferenciasInput } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { PREFERENCIAS_API, preferenciasKeys } from './preferencias-keys.js';

/** GET /api/preferencias: the signed-in user's own (the defaults until they save). */
export const usePreferenciasQuery = () => {
  const api = useApiClient();
  const { isAuthenticated, user } = useAuthContext();
  const sub = user?.sub ?? '';
  return useQuery({
    queryKey: preferenciasKeys.deUsuario(sub),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Preferencias }>(PREFERENCIAS_API, { signal })).data,
    enabled: isAuthenticated,
    // They change only from /settings, which writes the saved record into the cache.
    staleTime: Number.POSITIVE_INFINITY,
  });
};

/** PUT /api/preferencias; the saved record replaces the cached one, so the app applies it at once. */
export const useSavePreferencias = () => {
  const api = useApiClient();
  const client = useQueryClient();
  const { user } = useAuthContext();
  return useMutation({
    mutationFn: async (payload: PreferenciasInput) =>
      (await api.put<{ data: Preferencias }>(PREFERENCIAS_API, payload)).data,
    onSuccess: (saved) => client.setQueryData(preferenciasKeys.deUsuario(user?.sub ?? ''), saved),
  });
};
