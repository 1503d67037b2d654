/**
 * Browser storage keys (SPEC 3 session data). currentSystem and returnPath are named by the
 * specification; the pending and legacy key names are ours.
 */
export const STORAGE_KEYS = {
  /** sessionStorage */
  currentSystem: 'tvsistema_currentSystem',
  /** sessionStorage: the system chosen while signed out, until the callback applies it. */
  pendingSystem: 'tvsistema_pendingSystem',
  /** localStorage, migrated to sessionStorage at start. */
  legacySelectedSystem: 'selectedSystem',
  /** localStorage */
  returnPath: 'returnPath',
  /** sessionStorage: the sanitised target the login's app state carried (DESIGN decision 7). */
  loginReturnTo: 'tvsistema_loginReturnTo',
  /**
   * localStorage: written on every system change so other tabs hear a storage event; session
   * storage is per tab and never raises one across tabs (SPEC 4.2 cross-tab sync).
   */
  systemBroadcast: 'tvsistema_systemChange',
} as const;
