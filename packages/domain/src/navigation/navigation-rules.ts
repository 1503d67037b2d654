import type { Role } from '../auth/roles.js';
import { TIMINGS } from '../timings.js';
import { canAccessSystem, isSystemId, type SystemId } from '../systems/systems.js';
import { isUnderPrefix, normalizePath } from './normalize-path.js';
import { detectSystemFromPath, fallbackPathFor, isPathAllowed } from './path-rules.js';
import { returnToParam, selectSystemUrl } from './redirect-urls.js';
import { sanitizeReturnTarget } from './return-target.js';
import { isSpecialRoute, shouldStoreReturnPath } from './special-routes.js';

/** SPEC 2.4: one redirect at a time, the lock released after this long. */
export const NAVIGATION_LOCK_MS = TIMINGS.navigationLock;
/** SPEC 2.4: the navigation check runs this long after a path change. */
export const NAVIGATION_CHECK_DELAY_MS = TIMINGS.guardDelay;

export type NavigationInput = {
  readonly isAuthenticated: boolean;
  readonly currentSystem: SystemId | null;
  /** Current path and query. */
  readonly path: string;
  /** The returnPath kept in local storage, if any. */
  readonly storedReturnPath: string | null;
  /** When given, an auto-detected system the roles cannot access is not proposed. */
  readonly roles?: readonly Role[];
};

export type NavigationDecision =
  | {
      readonly kind: 'redirect';
      readonly to: string;
      /** Save this as returnPath before leaving (null: leave storage alone). */
      readonly storeReturnPath: string | null;
      /** The stored returnPath has been used and should be removed. */
      readonly clearReturnPath: boolean;
    }
  | { readonly kind: 'set-system'; readonly system: SystemId };

const redirect = (
  to: string,
  options: { storeReturnPath?: string | null; clearReturnPath?: boolean } = {},
): NavigationDecision => ({
  kind: 'redirect',
  to,
  storeReturnPath: options.storeReturnPath ?? null,
  clearReturnPath: options.clearReturnPath ?? false,
});

/**
 * Where a signed-in user with a system goes from /select-system or after sign-in: the sanitised
 * target when the system allows it, otherwise the system's landing page (/dashboard, or /obras for
 * verticales, whose dashboard only forwards there).
 */
export const resolveReturnTarget = (raw: unknown, system: SystemId): string => {
  const target = sanitizeReturnTarget(raw);
  const landing = fallbackPathFor(system);
  if (isSpecialRoute(target) || !isPathAllowed(system, target)) return landing;
  if (normalizePath(target) === '/dashboard') return landing;
  return target;
};

/** SPEC 2.3/2.4 navigation decisions; null means stay. */
export const decideNavigation = (input: NavigationInput): NavigationDecision | null => {
  const { path } = input;
  const normalized = normalizePath(path);
  const currentSystem = isSystemId(input.currentSystem) ? input.currentSystem : null;

  if (!input.isAuthenticated) {
    // /callback must be left alone to finish the code exchange that signs the user in.
    if (normalized === '/select-system' || normalized === '/callback') return null;
    return redirect(selectSystemUrl(path), {
      storeReturnPath: shouldStoreReturnPath(path) ? path : null,
    });
  }

  if (currentSystem !== null) {
    if (normalized === '/select-system') {
      const wanted = input.storedReturnPath ?? returnToParam(path);
      return redirect(resolveReturnTarget(wanted, currentSystem), { clearReturnPath: true });
    }
    if (isPathAllowed(currentSystem, path)) return null;
    return redirect(fallbackPathFor(currentSystem));
  }

  if (isSpecialRoute(path)) return null;
  const detected = detectSystemFromPath(path);
  if (detected !== null && (input.roles === undefined || canAccessSystem(input.roles, detected))) {
    return { kind: 'set-system', system: detected };
  }
  return redirect(selectSystemUrl(path));
};

/** SPEC 2.3: in verticales, leaving /obras for a /dashboard path is blocked. */
export const isNavigationBlocked = (system: SystemId | null, from: unknown, to: unknown): boolean =>
  system === 'verticales' &&
  isUnderPrefix(normalizePath(from), '/obras') &&
  isUnderPrefix(normalizePath(to), '/dashboard');
