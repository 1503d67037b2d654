// Brute-force protection of the login form, as Auth0's tenant does it: failed attempts are counted
// per account and client address, and per address across accounts; past the limit, the form
// refuses further attempts (without checking the password) until the window has moved on.
// Kept in memory: a restart of the development provider forgets it, which is fine for its use.

/** Failed attempts allowed for one account from one address within the window. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** Failed attempts allowed from one address, whatever the account, within the window. */
export const MAX_FAILURES_PER_ADDRESS = 20;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Keys remembered at most; the oldest are dropped first (a flood of addresses cannot fill memory). */
const MAX_KEYS = 10_000;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

export type LoginThrottle = {
  /** Whether an attempt for this account from this address may be checked now. */
  check(email: string, address: string): ThrottleVerdict;
  recordFailure(email: string, address: string): void;
  recordSuccess(email: string, address: string): void;
};

export const createLoginThrottle = (now: () => number = Date.now): LoginThrottle => {
  const failures = new Map<string, number[]>();

  const recent = (key: string): number[] => {
    const since = now() - FAILURE_WINDOW_MS;
    const kept = (failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };
  const accountKey = (email: string, address: string) => `${email.trim().toLowerCase()}|${address}`;
  const addressKey = (address: string) => `*|${address}`;

  const verdictFor = (key: string, max: number): ThrottleVerdict => {
    const times = recent(key);
    if (times.length < max) return { allowed: true };
    // Allowed again once the oldest failure that keeps it at the limit leaves the window.
    const oldest = times[times.length - max] ?? now();
    return { allowed: false, retryAfterMs: Math.max(1000, oldest + FAILURE_WINDOW_MS - now()) };
  };

  const push = (key: string) => {
    const times = recent(key);
    failures.delete(key); // re-inserted last: Map order is the eviction order
    failures.set(key, [...times, now()]);
    while (failures.size > MAX_KEYS) {
      const first = failures.keys().next().value;
      if (first === undefined) break;
      failures.delete(first);
    }
  };

  return {
    check: (email, address) => {
      const byAddress = verdictFor(addressKey(address), MAX_FAILURES_PER_ADDRESS);
      if (!byAddress.allowed) return byAddress;
      return verdictFor(accountKey(email, address), MAX_FAILURES_PER_ACCOUNT);
    },
    recordFailure: (email, address) => {
      push(accountKey(email, address));
      push(addressKey(address));
    },
    recordSuccess: (email, address) => {
      failures.delete(accountKey(email, address));
    },
  };
};

/** "Demasiados intentos fallidos…" with the wait in whole minutes (1 minuto / N minutos). */
export const throttledMessage = (retryAfterMs: number): string => {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Demasiados intentos fallidos. Vuelve a intentarlo dentro de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
};
