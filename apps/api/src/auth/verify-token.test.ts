import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { CryptoKey, JWTVerifyGetKey } from 'jose';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  CLOCK_TOLERANCE_SECONDS,
  createTokenVerifier,
  VERIFIED_TOKEN_TTL_MS,
} from './verify-token.js';

const ISSUER = 'http://localhost:3001/';
const AUDIENCE = 'https://api.tvsistema.es';
const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);

let privateKey: CryptoKey;
let localKeys: JWTVerifyGetKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  localKeys = createLocalJWKSet({ keys: [jwk] });
});

const sign = (expiresAtMs: number, sub = 'auth0|ana') =>
  new SignJWT({ sub })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(T0 / 1000) - 5)
    .setExpirationTime(Math.floor(expiresAtMs / 1000))
    .sign(privateKey);

/** A verifier on a clock the test moves, counting how often it really checks a signature. */
const verifierAt = () => {
  const clock = { now: T0 };
  let checks = 0;
  const keys: JWTVerifyGetKey = (header, token) => {
    checks += 1;
    return localKeys(header, token);
  };
  const verify = createTokenVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    keys,
    now: () => clock.now,
  });
  return { verify, clock, checks: () => checks };
};

describe('verified tokens are remembered', () => {
  test('the same token again is answered without a second signature check', async () => {
    const { verify, checks } = verifierAt();
    const token = await sign(T0 + 3_600_000);
    expect((await verify(token)).sub).toBe('auth0|ana');
    expect((await verify(token)).sub).toBe('auth0|ana');
    expect(checks()).toBe(1);
    // Another token is checked on its own.
    await verify(await sign(T0 + 3_600_000, 'auth0|joan'));
    expect(checks()).toBe(2);
  });

  test('past its exp the token is checked again: accepted within the leeway, refused after', async () => {
    const { verify, clock, checks } = verifierAt();
    const token = await sign(T0 + 60_000);
    await verify(token);
    clock.now = T0 + 60_000 + 30_000;
    expect((await verify(token)).sub).toBe('auth0|ana');
    expect(checks()).toBe(2);
    clock.now = T0 + 60_000 + (CLOCK_TOLERANCE_SECONDS + 1) * 1000;
    await expect(verify(token)).rejects.toThrow(/exp/);
  });

  test('a long-lived token is checked again after the memory lifetime', async () => {
    const { verify, clock, checks } = verifierAt();
    const token = await sign(T0 + 24 * 3_600_000);
    await verify(token);
    clock.now = T0 + VERIFIED_TOKEN_TTL_MS - 1;
    await verify(token);
    expect(checks()).toBe(1);
    clock.now = T0 + VERIFIED_TOKEN_TTL_MS + 1;
    await verify(token);
    expect(checks()).toBe(2);
  });

  test('a refused token is never remembered', async () => {
    const { verify, checks } = verifierAt();
    const token = await sign(T0 + 3_600_000);
    const tampered = `${token.slice(0, -4)}AAAA`;
    await expect(verify(tampered)).rejects.toThrow();
    await expect(verify(tampered)).rejects.toThrow();
    expect(checks()).toBe(2);
  });
});

describe('issued-at', () => {
  const signIssuedAt = (issuedAtMs: number) =>
    new SignJWT({ sub: 'auth0|ana' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(issuedAtMs / 1000))
      .setExpirationTime(Math.floor((issuedAtMs + 7_200_000) / 1000))
      .sign(privateKey);

  test('a token issued an hour in the future is refused', async () => {
    const { verify } = verifierAt();
    await expect(verify(await signIssuedAt(T0 + 3_600_000))).rejects.toThrow(/iat/);
  });

  test('a provider clock up to the tolerance ahead is accepted', async () => {
    const { verify } = verifierAt();
    const ahead = T0 + (CLOCK_TOLERANCE_SECONDS - 5) * 1000;
    expect((await verify(await signIssuedAt(ahead))).sub).toBe('auth0|ana');
  });
});
