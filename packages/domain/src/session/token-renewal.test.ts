import { describe, expect, it } from 'vitest';
import { secondsLeft, shouldRenewToken } from './token-renewal.js';

const MINUTE = 60_000;
const now = 100 * MINUTE;

describe('shouldRenewToken (SPEC 4.5)', () => {
  it('renews a token expiring within 2 minutes for a user active within 5 minutes', () => {
    expect(
      shouldRenewToken({ expiresAt: now + MINUTE, now, lastActivityAt: now - 4 * MINUTE }),
    ).toBe(true);
  });

  it('leaves a token with more than 2 minutes left alone', () => {
    expect(shouldRenewToken({ expiresAt: now + 2 * MINUTE, now, lastActivityAt: now })).toBe(false);
  });

  it('leaves an idle user alone, and an unknown expiry', () => {
    expect(
      shouldRenewToken({ expiresAt: now + MINUTE, now, lastActivityAt: now - 5 * MINUTE }),
    ).toBe(false);
    expect(shouldRenewToken({ expiresAt: null, now, lastActivityAt: now })).toBe(false);
  });
});

describe('secondsLeft', () => {
  it('rounds up and never goes below zero', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 500)).toBe(60);
    expect(secondsLeft(60_000, 1_000)).toBe(59);
    expect(secondsLeft(60_000, 61_000)).toBe(0);
  });
});
