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
} as const;
