import { createContext, useContext } from 'react';
import { PREFERENCIAS_POR_DEFECTO, type Preferencias } from '@tvsistema/domain';

/**
 * The signed-in user's preferences (issue 14, decision 0044). features/preferencias's provider
 * reads them from the API; lists, the shell and /select-system read them here, so shared pieces
 * need no feature import. Without a provider (signed out, tests) they are the defaults, which
 * change nothing.
 */
export const PreferenciasContext = createContext<Preferencias>(PREFERENCIAS_POR_DEFECTO);

export const usePreferencias = (): Preferencias => useContext(PreferenciasContext);
