import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { PREFERENCIAS_POR_DEFECTO, type Preferencias } from '@tvsistema/domain';
import { useApiClient } from '../../../lib/api-client-context.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import {
  PreferenciasContext,
  type PreferenciasContextValue,
} from '../../../lib/preferencias-context.js';
import { PREFERENCIAS_API } from '../api/preferencias-keys.js';

type Leidas = { sub: string; preferencias: Preferencias };

/**
 * The signed-in user's preferences for everything below (lists, shell, /select-system). Until
 * they arrive, and if they cannot be read, the defaults apply: the screens never wait for them.
 * A plain request rather than a query: this sits in the entry chunk, which the signed-out pages
 * load, and the query library stays in the signed-in chunks (size budget, decision 0025).
 */
export const PreferenciasProvider = ({ children }: { children: ReactNode }) => {
  const api = useApiClient();
  const { isAuthenticated, user } = useAuthContext();
  const sub = isAuthenticated ? (user?.sub ?? '') : null;
  const [leidas, setLeidas] = useState<Leidas | undefined>();

  useEffect(() => {
    if (sub === null) return undefined;
    let vigente = true;
    // On failure the defaults stay: a list or the shell must not fail because of a preference.
    api.get<{ data: Preferencias }>(PREFERENCIAS_API).then(
      ({ data }) => vigente && setLeidas({ sub, preferencias: data }),
      () => undefined,
    );
    return () => {
      vigente = false;
    };
  }, [api, sub]);

  // Another user's (a sign-out and a new sign-in in the same tab) never applies.
  const preferencias =
    leidas && leidas.sub === sub ? leidas.preferencias : PREFERENCIAS_POR_DEFECTO;
  const value = useMemo<PreferenciasContextValue>(
    () => ({
      preferencias,
      aplicar: (guardadas) => {
        if (sub !== null) setLeidas({ sub, preferencias: guardadas });
      },
    }),
    [preferencias, sub],
  );
  return <PreferenciasContext value={value}>{children}</PreferenciasContext>;
};
