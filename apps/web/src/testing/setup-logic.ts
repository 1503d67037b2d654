import { afterEach } from 'vitest';

afterEach(() => {
  // The few logic tests that opt into happy-dom (Web Storage) must not leak entries into the next.
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
});
