/** Identity-provider error codes the product reacts to (SPEC 4.1, 8). */
export const IDENTITY_ERROR_CODES = [
  'mfa_required',
  'missing_refresh_token',
  'login_required',
  'consent_required',
  'invalid_token',
  'state_mismatch',
  'missing_transaction',
  'timeout',
  'popup_closed',
  'popup_timeout',
  'access_denied',
  'unauthorized',
] as const;
export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];

export type IdentityErrorOutcome = 'unauthorized' | 'logout' | 'select-system';

const UNAUTHORIZED: ReadonlySet<string> = new Set(['access_denied', 'unauthorized']);
const LOGOUT: ReadonlySet<string> = new Set([
  'login_required',
  'consent_required',
  'invalid_token',
  'missing_refresh_token',
]);

/**
 * SPEC 4.1: access_denied or unauthorized lead to /unauthorized (after TIMINGS.unauthorizedRedirect);
 * a lost session (login_required, consent_required, invalid_token, missing_refresh_token) to logout;
 * any other identity error is logged and the user goes to /select-system.
 */
export const identityErrorOutcome = (code: unknown): IdentityErrorOutcome => {
  if (typeof code === 'string' && UNAUTHORIZED.has(code)) return 'unauthorized';
  if (typeof code === 'string' && LOGOUT.has(code)) return 'logout';
  return 'select-system';
};
