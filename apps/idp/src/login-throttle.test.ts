import { describe, expect, it } from 'vitest';
import {
  createLoginThrottle,
  FAILURE_WINDOW_MS,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  throttledMessage,
} from './login-throttle.js';

const clock = () => {
  let at = 1_000_000;
  return { now: () => at, advance: (ms: number) => (at += ms) };
};

describe('login throttle', () => {
  it(`refuses an account from an address after ${MAX_FAILURES_PER_ACCOUNT} failures, until the window moves on`, () => {
    const time = clock();
    const throttle = createLoginThrottle(time.now);
    for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT; attempt += 1) {
      expect(throttle.check('admin@tvsistema.test', '127.0.0.1')).toEqual({ allowed: true });
      throttle.recordFailure('admin@tvsistema.test', '127.0.0.1');
      time.advance(1000);
    }
    const refused = throttle.check('ADMIN@tvsistema.test ', '127.0.0.1');
    expect(refused.allowed).toBe(false);
    // Other accounts and other addresses are not affected.
    expect(throttle.check('empleado@tvsistema.test', '127.0.0.1').allowed).toBe(true);
    expect(throttle.check('admin@tvsistema.test', '10.0.0.8').allowed).toBe(true);

    time.advance(FAILURE_WINDOW_MS - MAX_FAILURES_PER_ACCOUNT * 1000 + 1);
    expect(throttle.check('admin@tvsistema.test', '127.0.0.1').allowed).toBe(true);
  });

  it('says how long to wait, and a success clears the account', () => {
    const time = clock();
    const throttle = createLoginThrottle(time.now);
    for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT; attempt += 1)
      throttle.recordFailure('a@b.c', '::1');
    const refused = throttle.check('a@b.c', '::1');
    expect(refused).toEqual({ allowed: false, retryAfterMs: FAILURE_WINDOW_MS });
    throttle.recordSuccess('a@b.c', '::1');
    expect(throttle.check('a@b.c', '::1').allowed).toBe(true);
  });

  it(`refuses an address after ${MAX_FAILURES_PER_ADDRESS} failures over any accounts`, () => {
    const throttle = createLoginThrottle(clock().now);
    for (let attempt = 0; attempt < MAX_FAILURES_PER_ADDRESS; attempt += 1)
      throttle.recordFailure(`user${attempt}@x.es`, '192.0.2.1');
    expect(throttle.check('nuevo@x.es', '192.0.2.1').allowed).toBe(false);
    expect(throttle.check('nuevo@x.es', '192.0.2.2').allowed).toBe(true);
  });

  it('words the wait in whole minutes, singular for one', () => {
    expect(throttledMessage(30_000)).toBe(
      'Demasiados intentos fallidos. Vuelve a intentarlo dentro de 1 minuto.',
    );
    expect(throttledMessage(FAILURE_WINDOW_MS)).toBe(
      'Demasiados intentos fallidos. Vuelve a intentarlo dentro de 15 minutos.',
    );
  });
});
