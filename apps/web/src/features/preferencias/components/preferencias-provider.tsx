import type { ReactNode } from 'react';
import { PREFERENCIAS_POR_DEFECTO } from '@tvsistema/domain';
import { PreferenciasContext } from '../../../lib/preferencias-context.js';
import { usePreferenciasQuery } from '../api/preferencias.js';

/**
 * The signed-in user's preferences for everything below (lists, shell, /select-system). Until
 * they arrive, and if they cannot be read, the defaults apply: the screens never wait for them.
 */
export const PreferenciasProvider = ({ children }: { children: ReactNode }) => {
  const query = usePreferenciasQuery();
  return (
    <PreferenciasContext value={query.data ?? PREFERENCIAS_POR_DEFECTO}>
      {children}
    </PreferenciasContext>
  );
};
