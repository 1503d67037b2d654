import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { CryptoKey, JWTPayload } from 'jose';
import { createTokenVerifier } from '../../src/index.js';
import type { TokenVerifier } from '../../src/index.js';

export const TEST_ISSUER = 'http://localhost:3001/';
export const TEST_AUDIENCE = 'https://api.tvsistema.es';
export const TEST_NAMESPACE = 'https://tvsistema.es/';
export const TEST_KID = 'test-key-1';

export type SignOptions = {
  /** Seconds from now; negative for an already expired token. Default 3600. */
  expiresIn?: number;
  /** Seconds from now of `iat`; default -5 (just issued). */
  issuedIn?: number;
  issuer?: string;
  audience?: string;
  /** Another private key, e.g. one the API does not know. */
  privateKey?: CryptoKey;
  kid?: string;
};

export type TokenFactory = {
  verifier: TokenVerifier;
  publicKeyPem: string;
  /** A signed RS256 access token, as the identity provider would issue it. */
  sign(claims?: JWTPayload, options?: SignOptions): Promise<string>;
  /** A token for a user with the given roles: the first as `rol`, all as `roles`. */
  forRoles(roles: string[], extra?: JWTPayload): Promise<string>;
};

// One key pair per worker: generating an RSA pair cost 0.3–0.6 s of CPU for every test app, and
// nothing relies on two factories having different keys (a test that needs a key the API does not
// know generates its own).
let keyPair: ReturnType<typeof generateKeyPair> | undefined;

export async function createTokenFactory(): Promise<TokenFactory> {
  const { privateKey, publicKey } = await (keyPair ??= generateKeyPair('RS256', {
    extractable: true,
  }));
  const jwk = { ...(await exportJWK(publicKey)), kid: TEST_KID, alg: 'RS256', use: 'sig' };
  const spki = Buffer.from(await crypto.subtle.exportKey('spki', publicKey)).toString('base64');
  const publicKeyPem = `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g)?.join('\n')}\n-----END PUBLIC KEY-----\n`;

  // The same verification the API does in production; only the key source is local.
  const verifier = createTokenVerifier({
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
    keys: createLocalJWKSet({ keys: [jwk] }),
  });

  const sign = async (claims: JWTPayload = {}, options: SignOptions = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ sub: 'auth0|test-user', email: 'test@tvsistema.test', ...claims })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: options.kid ?? TEST_KID })
      .setIssuer(options.issuer ?? TEST_ISSUER)
      .setAudience(options.audience ?? TEST_AUDIENCE)
      .setIssuedAt(now + (options.issuedIn ?? -5))
      .setExpirationTime(now + (options.expiresIn ?? 3600))
      .sign(options.privateKey ?? privateKey);
  };

  return {
    verifier,
    publicKeyPem,
    sign,
    forRoles: (roles, extra = {}) =>
      sign({ [`${TEST_NAMESPACE}rol`]: roles[0], [`${TEST_NAMESPACE}roles`]: roles, ...extra }),
  };
}
