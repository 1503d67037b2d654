import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { JWTPayload, JWTVerifyGetKey } from 'jose';

/** Resolves with the verified payload, or rejects for any token that must not be accepted. */
export type TokenVerifier = (token: string) => Promise<JWTPayload>;

export type TokenVerifierOptions = {
  issuer: string;
  audience: string;
  /** The provider's signing keys: createRemoteJWKSet in production, createLocalJWKSet in tests. */
  keys: JWTVerifyGetKey;
};

/** Seconds of clock difference tolerated on exp/nbf/iat, as the Auth0 SDK does (SPEC 9). */
export const CLOCK_TOLERANCE_SECONDS = 60;

export function createTokenVerifier({
  issuer,
  audience,
  keys,
}: TokenVerifierOptions): TokenVerifier {
  return async (token) => {
    const { payload } = await jwtVerify(token, keys, {
      issuer,
      audience,
      // Pinning the algorithm rules out `none` and HS256 signed with the public key as secret.
      algorithms: ['RS256'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'exp'],
    });
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
