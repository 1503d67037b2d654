import { createContext, useContext } from 'react';
import { PREFERENCIAS_POR_DEFECTO, type Preferencias } from '@tvsistema/domain';

/**
 * The signed-in user's preferences (issue 14, decision 0044). features/preferencias's provider
 * reads them from the API; lists, the shell and /select-system read them here, so shared pieces
 * need no feature import. Without a provider (signed out, tests) they are the defaults, which
 * change nothing.
 */
export type PreferenciasContextValue = {
  preferencias: Preferencias;
  /** What a save answered: applied at once, without asking the API again. */
  aplicar: (preferencias: Preferencias) => void;
};

export const PreferenciasContext = createContext<PreferenciasContextValue>({
  preferencias: PREFERENCIAS_POR_DEFECTO,
  aplicar: () => undefined,
});

export const usePreferencias = (): Preferencias => useContext(PreferenciasContext).preferencias;

export const useAplicarPreferencias = (): PreferenciasContextValue['aplicar'] =>
  useContext(PreferenciasContext).aplicar;
