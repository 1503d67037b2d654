import { STORAGE_KEYS } from '@tvsistema/domain';

/**
 * The page to come back to after sign-in (SPEC 2.4, 2.5, 4.5), in local storage under
 * `returnPath`. Storage may be blocked (private modes): losing the return path is then acceptable.
 */
export const storeReturnPath = (path: string): void => {
  try {
    window.localStorage.setItem(STORAGE_KEYS.returnPath, path);
  } catch {
    // Nothing to do: the user simply lands on the default page.
  }
};

export const readReturnPath = (): string | null => {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.returnPath);
  } catch {
    return null;
  }
};

export const clearReturnPath = (): void => {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.returnPath);
  } catch {
    // See storeReturnPath.
  }
};
