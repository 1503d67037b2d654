import { createContext, useContext } from 'react';
import { MESSAGES, type SystemId } from '@tvsistema/domain';

/**
 * The system the user works in (SPEC 4.2). The provider (session storage, cross-tab sync, body
 * theme) lives in features/system; screens read it through `useSystem`, from lib/ so shared
 * components need no feature import.
 */
export type SystemContextValue = {
  currentSystem: SystemId | null;
  /** Throws Error(invalidSystemMessage(value)) for anything but the three system ids. */
  setCurrentSystem: (system: SystemId) => void;
  clearCurrentSystem: () => void;
};

export const SystemContext = createContext<SystemContextValue | null>(null);

export const useSystem = (): SystemContextValue => {
  const value = useContext(SystemContext);
  if (!value) throw new Error(MESSAGES.product.useSystemOutsideProvider);
  return value;
};
