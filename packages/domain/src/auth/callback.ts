import { availableSystems, isSystemId, type SystemId } from '../systems/systems.js';
import { resolveReturnTarget } from '../navigation/navigation-rules.js';
import { selectSystemUrl } from '../navigation/redirect-urls.js';
import { sanitizeReturnTarget } from '../navigation/return-target.js';
import type { Role } from './roles.js';

export type CallbackInput = {
  readonly isLoading: boolean;
  readonly hasError: boolean;
  readonly isAuthenticated: boolean;
  /** Normalised roles of the signed-in user. */
  readonly roles: readonly Role[];
  readonly currentSystem: unknown;
  readonly pendingSystem: unknown;
  /** The target the login's app state carried (DESIGN decision 7); /dashboard when absent. */
  readonly returnTo: unknown;
};

export type CallbackDecision =
  | { readonly kind: 'wait' }
  | {
      readonly kind: 'navigate';
      readonly to: string;
      /** Set this as the current system before leaving. */
      readonly system?: SystemId;
      /** Leave after TIMINGS.redirect instead of at once. */
      readonly delayed?: boolean;
      readonly reason:
        | 'provider-error'
        | 'not-authenticated'
        | 'no-roles'
        | 'no-systems'
        | 'target-system'
        | 'single-system'
        | 'choose-system';
    };

/**
 * SPEC 4.4, branch by branch: wait for loading; a provider error or a user without roles or
 * systems goes to /unauthorized; signed out to /select-system; the stored current (or pending)
 * system is used when the roles allow it, else the only available one, else the user chooses.
 * The landing page follows DESIGN decision 7 (the requested page when the system allows it).
 */
export const decideCallback = (input: CallbackInput): CallbackDecision => {
  if (input.isLoading) return { kind: 'wait' };
  if (input.hasError) return { kind: 'navigate', to: '/unauthorized', reason: 'provider-error' };
  if (!input.isAuthenticated) {
    return { kind: 'navigate', to: '/select-system', reason: 'not-authenticated' };
  }
  if (input.roles.length === 0) {
    return { kind: 'navigate', to: '/unauthorized', reason: 'no-roles' };
  }
  const systems = availableSystems(input.roles);
  if (systems.length === 0) return { kind: 'navigate', to: '/unauthorized', reason: 'no-systems' };

  const target = isSystemId(input.currentSystem)
    ? input.currentSystem
    : isSystemId(input.pendingSystem)
      ? input.pendingSystem
      : null;
  if (target !== null && systems.includes(target)) {
    return {
      kind: 'navigate',
      to: resolveReturnTarget(input.returnTo, target),
      system: target,
      delayed: true,
      reason: 'target-system',
    };
  }
  const [only] = systems;
  if (systems.length === 1 && only !== undefined) {
    return {
      kind: 'navigate',
      to: resolveReturnTarget(input.returnTo, only),
      system: only,
      reason: 'single-system',
    };
  }
  const wanted = typeof input.returnTo === 'string' ? sanitizeReturnTarget(input.returnTo) : null;
  return { kind: 'navigate', to: selectSystemUrl(wanted), reason: 'choose-system' };
};
