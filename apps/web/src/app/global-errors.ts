import {
  isIgnoredGlobalError,
  recordGlobalError,
  shouldSuppressRejection,
  STORAGE_KEYS,
  TIMINGS,
} from '@tvsistema/domain';

export type GlobalErrorHandlingOptions = {
  target?: Window;
  now?: () => number;
  /** Clears stored state and reloads; the browser's storages and reload by default. */
  recover?: () => void;
};

/**
 * The app's own keys only: the identity SDK's token cache stays, so the reload keeps the user
 * signed in ("Limpiar y recargar" on the start-up failure screen is the full wipe).
 */
const clearAndReload = () => {
  try {
    for (const key of Object.values(STORAGE_KEYS)) {
      window.localStorage.removeItem(key);
      window.sessionStorage.removeItem(key);
    }
  } catch {
    // Storage may be blocked; reloading is still the best we can do.
  }
  window.location.reload();
};

/**
 * SPEC 4.5 error recovery: two global errors within 30 s mean the app is stuck in a broken state,
 * so stored state is cleared and the page reloads 1 s later. Ignored errors do not count;
 * unhandled rejections are silenced unless they are network errors, and never count. Returns the uninstaller.
 */
export const installGlobalErrorHandling = ({
  target = window,
  now = Date.now,
  recover = clearAndReload,
}: GlobalErrorHandlingOptions = {}): (() => void) => {
  let remembered: number[] = [];
  let recovering = false;

  const count = (error: unknown) => {
    if (recovering || isIgnoredGlobalError(error)) return;
    const result = recordGlobalError(remembered, now());
    remembered = result.remembered;
    if (!result.critical) return;
    recovering = true;
    console.error('Errores críticos repetidos: se limpia el estado y se recarga la aplicación');
    setTimeout(recover, TIMINGS.criticalErrorReload);
  };

  const onError = (event: ErrorEvent) => count(event.error ?? event.message);
  // Network failures stay visible in the console but do not count: a flaky connection is no
  // reason to reset the app.
  const onRejection = (event: PromiseRejectionEvent) => {
    if (shouldSuppressRejection(event.reason)) event.preventDefault();
  };

  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
};

/** SPEC 4.5: whether both storages work; the app does not start without them. */
export const isStorageAvailable = (target: Window = window): boolean => {
  const probe = '__tvsistema_storage_probe__';
  try {
    for (const storage of [target.localStorage, target.sessionStorage]) {
      storage.setItem(probe, probe);
      storage.removeItem(probe);
    }
    return true;
  } catch {
    return false;
  }
};
