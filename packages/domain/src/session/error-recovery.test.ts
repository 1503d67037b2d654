import { describe, expect, it } from 'vitest';
import {
  isIgnoredGlobalError,
  recordGlobalError,
  shouldSuppressRejection,
} from './error-recovery.js';

describe('critical-error rule (SPEC 4.5)', () => {
  it('a single error is not critical', () => {
    expect(recordGlobalError([], 1_000)).toEqual({ remembered: [1_000], critical: false });
  });

  it('a second error within 30 s is critical', () => {
    expect(recordGlobalError([1_000], 30_999)).toEqual({
      remembered: [1_000, 30_999],
      critical: true,
    });
  });

  it('an error older than 30 s is forgotten', () => {
    expect(recordGlobalError([1_000], 31_000)).toEqual({ remembered: [31_000], critical: false });
  });
});

describe('ignored errors and rejections (SPEC 4.5)', () => {
  it('ignores minified React and concurrent-rendering errors, not others', () => {
    expect(isIgnoredGlobalError(new Error('Minified React error #418; visit …'))).toBe(true);
    expect(
      isIgnoredGlobalError('There was an error during concurrent rendering but React recovered'),
    ).toBe(true);
    expect(isIgnoredGlobalError(new TypeError('x is undefined'))).toBe(false);
    expect(isIgnoredGlobalError(undefined)).toBe(false);
  });

  it('suppresses rejections unless the message contains Network Error', () => {
    expect(shouldSuppressRejection(new Error('AbortError'))).toBe(true);
    expect(shouldSuppressRejection('boom')).toBe(true);
    expect(shouldSuppressRejection(new Error('Network Error'))).toBe(false);
    expect(shouldSuppressRejection({ message: 'Request failed: Network Error' })).toBe(false);
  });
});
