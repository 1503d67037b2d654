const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Every timing of SPEC 4 and 9 in one place. Durations are milliseconds; the few counts say so in
 * their name (attempts, retries, threshold).
 */
export const TIMINGS = {
  // UI delays (SPEC 9)
  roleCheck: 200,
  autoSelect: 300,
  redirect: 100,
  fallback: 800,
  switchPause: 150,
  saveRedirect: 900,
  modalCloseAfterSuccess: SECOND,
  unauthorizedRedirect: SECOND,
  guardDelay: 50,
  navigationLock: 2000,
  profileSuccess: 3 * SECOND,
  simulatedSave: 800,
  clockTick: SECOND,
  transition: 300,
  // Session and inactivity (SPEC 4.5)
  inactivityWarning: 10 * MINUTE,
  countdown: 60 * SECOND,
  countdownSuccessAbove: 30 * SECOND,
  countdownWarningAbove: 15 * SECOND,
  tokenCheck: 5 * MINUTE,
  tokenExpiryMargin: 2 * MINUTE,
  // Error recovery (SPEC 4.5)
  criticalErrorWindow: 30 * SECOND,
  criticalErrorThreshold: 2,
  criticalErrorReload: SECOND,
  // Calls (SPEC 7, 9)
  apiTimeout: 10 * SECOND,
  tokenRequestTimeout: 10 * SECOND,
  tokenRequestAttempts: 3,
  tokenLeeway: 60 * SECOND,
  cachedTokenEarlyExpiry: 60 * SECOND,
  silentTokenLockWait: 5 * SECOND,
  silentTokenLockRetries: 10,
  popupTimeout: 60 * SECOND,
  silentFrameTimeout: 60 * SECOND,
  silentRenewalTimeout: 10 * SECOND,
  cachedCheckTimeout: 5 * SECOND,
  sessionCookieLife: 24 * 60 * MINUTE,
} as const;

export type CountdownVariant = 'success' | 'warning' | 'danger';

/** SPEC 4.5: the session countdown is green above 30 s, yellow above 15 s, red below. */
export const countdownVariant = (secondsLeft: number): CountdownVariant => {
  const ms = secondsLeft * SECOND;
  if (ms > TIMINGS.countdownSuccessAbove) return 'success';
  if (ms > TIMINGS.countdownWarningAbove) return 'warning';
  return 'danger';
};
