import { describe, expect, it } from 'vitest';
import { tokenExpiresAt } from './token-expiry.js';

const encode = (claims: unknown) =>
  btoa(JSON.stringify(claims)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

describe('tokenExpiresAt', () => {
  it('reads exp (seconds) from a JWT payload as milliseconds, base64url without padding', () => {
    expect(tokenExpiresAt(`h.${encode({ exp: 1_800_000_000, sub: 'ñ?>' })}.s`)).toBe(
      1_800_000_000_000,
    );
  });

  it('gives null for an opaque token, a payload without exp, or garbage', () => {
    expect(tokenExpiresAt('opaco')).toBeNull();
    expect(tokenExpiresAt(`h.${encode({ sub: 'x' })}.s`)).toBeNull();
    expect(tokenExpiresAt(`h.${encode({ exp: 'mañana' })}.s`)).toBeNull();
    expect(tokenExpiresAt('h.%%%.s')).toBeNull();
  });
});
