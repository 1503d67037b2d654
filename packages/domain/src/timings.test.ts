import { describe, expect, it } from 'vitest';
import { LIMITS, LOGIN_SCOPES } from './limits.js';
import { STORAGE_KEYS } from './session/storage-keys.js';
import { TIMINGS, countdownVariant } from './timings.js';

describe('TIMINGS (SPEC 4, 9)', () => {
  // One reviewed snapshot of the delays instead of a hand-typed copy (update with `vitest -u`).
  it('has the reviewed delays, timeouts and counts', () => {
    expect(TIMINGS).toMatchSnapshot();
  });
});

describe('countdownVariant (SPEC 4.5)', () => {
  it.each([
    [60, 'success'],
    [31, 'success'],
    [30, 'warning'],
    [16, 'warning'],
    [15, 'danger'],
    [0, 'danger'],
  ] as const)('%i s left → %s', (seconds, variant) => {
    expect(countdownVariant(seconds)).toBe(variant);
  });
});

describe('LIMITS and storage keys (SPEC 3, 5, 9)', () => {
  it('has the reviewed business limits, login scopes and storage keys', () => {
    expect({ LIMITS, LOGIN_SCOPES, STORAGE_KEYS }).toMatchSnapshot();
  });
});
