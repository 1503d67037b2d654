import { describe, expect, it } from 'vitest';
import { identityErrorOutcome } from './identity-errors.js';

describe('identityErrorOutcome (SPEC 4.1)', () => {
  it.each(['access_denied', 'unauthorized'])('%s goes to /unauthorized', (code) => {
    expect(identityErrorOutcome(code)).toBe('unauthorized');
  });

  it.each(['login_required', 'consent_required', 'invalid_token', 'missing_refresh_token'])(
    '%s logs the user out',
    (code) => {
      expect(identityErrorOutcome(code)).toBe('logout');
    },
  );

  it.each(['mfa_required', 'timeout', 'state_mismatch', 'something_else', undefined, 401])(
    '%s sends the user to /select-system',
    (code) => {
      expect(identityErrorOutcome(code)).toBe('select-system');
    },
  );
});
