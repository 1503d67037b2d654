import { isSystemId, sanitizeReturnTarget, STORAGE_KEYS, type SystemId } from '@tvsistema/domain';

/** What the login carries through the identity provider (SPEC 4.3, DESIGN decision 7). */
export type LoginAppState = {
  targetSystem?: SystemId;
  returnTo: string;
};

export const savePendingSystem = (system: SystemId): void =>
  window.sessionStorage.setItem(STORAGE_KEYS.pendingSystem, system);

/**
 * Called by the identity SDK once it has swapped the code for tokens. The app state travelled
 * through the provider, so it is untrusted: only a valid system id and a sanitised target are
 * kept, for the callback page to apply (SPEC 4.1, 4.4).
 */
export const rememberLoginAppState = (appState: unknown): void => {
  const state = typeof appState === 'object' && appState !== null ? appState : {};
  const { targetSystem, returnTo } = state as { targetSystem?: unknown; returnTo?: unknown };
  if (isSystemId(targetSystem)) savePendingSystem(targetSystem);
  if (returnTo !== undefined) {
    window.sessionStorage.setItem(STORAGE_KEYS.loginReturnTo, sanitizeReturnTarget(returnTo));
  }
};

export type LoginState = {
  pendingSystem: string | null;
  returnTo: string | null;
};

export const readLoginState = (): LoginState => ({
  pendingSystem: window.sessionStorage.getItem(STORAGE_KEYS.pendingSystem),
  returnTo: window.sessionStorage.getItem(STORAGE_KEYS.loginReturnTo),
});

/** The pending system and the login's target are used once (SPEC 4.4: "pending is then cleared"). */
export const clearLoginState = (): void => {
  window.sessionStorage.removeItem(STORAGE_KEYS.pendingSystem);
  window.sessionStorage.removeItem(STORAGE_KEYS.loginReturnTo);
};
