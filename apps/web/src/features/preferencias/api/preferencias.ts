import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Preferencias, PreferenciasInput } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useAplicarPreferencias } from '../../../lib/preferencias-context.js';
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
    // Read afresh each time /settings opens: another device may have changed them.
    staleTime: 0,
  });
};

/**
 * PUT /api/preferencias; the saved record replaces the cached one and the provider's, so the app
 * applies it at once.
 */
export const useSavePreferencias = () => {
  const api = useApiClient();
  const client = useQueryClient();
  const { user } = useAuthContext();
  const aplicar = useAplicarPreferencias();
  return useMutation({
    mutationFn: async (payload: PreferenciasInput) =>
      (await api.put<{ data: Preferencias }>(PREFERENCIAS_API, payload)).data,
    onSuccess: (saved) => {
      client.setQueryData(preferenciasKeys.deUsuario(user?.sub ?? ''), saved);
      aplicar(saved);
    },
  });
};
