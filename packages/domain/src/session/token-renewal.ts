import { TIMINGS } from '../timings.js';

export type TokenRenewalInput = {
  /** When the access token expires (ms since epoch); null when unknown. */
  readonly expiresAt: number | null;
  readonly now: number;
  /** The user's last activity (ms since epoch). */
  readonly lastActivityAt: number;
};

/**
 * SPEC 4.5 proactive renewal: the token expires within 2 minutes and the user was active within
 * half the inactivity timeout. An idle user's token is left to lapse: the inactivity warning deals
 * with them.
 */
export const shouldRenewToken = ({ expiresAt, now, lastActivityAt }: TokenRenewalInput): boolean =>
  expiresAt !== null &&
  expiresAt - now < TIMINGS.tokenExpiryMargin &&
  now - lastActivityAt < TIMINGS.inactivityWarning / 2;

/** Whole seconds left on the session countdown, never negative. */
export const secondsLeft = (deadline: number, now: number): number =>
  Math.max(0, Math.ceil((deadline - now) / 1000));
