import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import type { JWTPayload, JWTVerifyGetKey } from 'jose';

/** Resolves with the verified payload, or rejects for any token that must not be accepted. */
export type TokenVerifier = (token: string) => Promise<JWTPayload>;

export type TokenVerifierOptions = {
  issuer: string;
  audience: string;
  /** The provider's signing keys: createRemoteJWKSet in production, createLocalJWKSet in tests. */
  keys: JWTVerifyGetKey;
  /** The clock, in ms since the epoch (tests move it). */
  now?: () => number;
};

/** Seconds of clock difference tolerated on exp/nbf/iat, as the Auth0 SDK does (SPEC 9). */
export const CLOCK_TOLERANCE_SECONDS = 60;

/** Verified tokens remembered, at most this many (one per signed-in session is the usual need). */
export const VERIFIED_TOKENS_MAX = 5000;
/** And for at most this long, so a key withdrawn by the provider stops working soon. */
export const VERIFIED_TOKEN_TTL_MS = 5 * 60_000;

/**
 * Verifies signature, issuer, audience and times; a token verified before is answered from
 * memory until its `exp` (or VERIFIED_TOKEN_TTL_MS) passes. The browser sends one token with every
 * request for as long as it lives, and an RSA check costs more than the cheap routes themselves.
 */
export function createTokenVerifier({
  issuer,
  audience,
  keys,
  now = Date.now,
}: TokenVerifierOptions): TokenVerifier {
  const verified = new LRUCache<string, { payload: JWTPayload; until: number }>({
    max: VERIFIED_TOKENS_MAX,
  });
  return async (token) => {
    const known = verified.get(token);
    if (known && now() < known.until) return known.payload;
    const { payload } = await jwtVerify(token, keys, {
      issuer,
      audience,
      // Pinning the algorithm rules out `none` and HS256 signed with the public key as secret.
      algorithms: ['RS256'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'exp'],
      currentDate: new Date(now()),
    });
    // jose checks `iat` only against a maximum age; a token "issued" in the future is forged or
    // comes from a provider whose clock is wrong, and either way is refused.
    if (
      typeof payload.iat === 'number' &&
      payload.iat * 1000 > now() + CLOCK_TOLERANCE_SECONDS * 1000
    ) {
      throw new errors.JWTClaimValidationFailed(
        '"iat" is in the future',
        payload,
        'iat',
        'check_failed',
      );
    }
    // Remembered only up to `exp` itself, without the tolerance: never longer than the token lives.
    const until = Math.min((payload.exp ?? 0) * 1000, now() + VERIFIED_TOKEN_TTL_MS);
    if (until > now()) verified.set(token, { payload, until });
    return payload;
  };
}

/** Verifies against the provider's published keys (`${domain}/.well-known/jwks.json`, cached by jose). */
export function createRemoteTokenVerifier(options: {
  issuer: string;
  audience: string;
  jwksUrl: string;
}): TokenVerifier {
  return createTokenVerifier({
    issuer: options.issuer,
    audience: options.audience,
    keys: createRemoteJWKSet(new URL(options.jwksUrl)),
  });
}
