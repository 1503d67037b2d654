import { createHmac } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, createRemoteTokenVerifier, loadConfig } from '../src/index.js';
import { createTestApp, createTestDatabase } from './helpers/test-app.js';
import type { TestApp } from './helpers/test-app.js';
import { TEST_AUDIENCE, TEST_ISSUER, TEST_KID, TEST_NAMESPACE } from './helpers/tokens.js';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A token with any header, signed (or not) by hand: what jose would refuse to produce. */
const handMade = (
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  sign: (input: string) => string,
) => {
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  return `${input}.${sign(input)}`;
};

const validPayload = () => {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: 'auth0|intruder',
    iss: TEST_ISSUER,
    aud: TEST_AUDIENCE,
    iat: now,
    exp: now + 3600,
    [`${TEST_NAMESPACE}roles`]: ['administracion'],
  };
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const me = (authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: authorization === undefined ? {} : { authorization },
  });

describe('GET /api/me with a valid token', () => {
  test('returns the user with roles normalised from both claims', async () => {
    const token = await t.tokens.sign({
      sub: 'auth0|marcos',
      email: 'maquinaria@tvsistema.test',
      [`${TEST_NAMESPACE}rol`]: 'maquinaria',
      [`${TEST_NAMESPACE}roles`]: ['operaciones', 'desconocido', 42],
    });
    const response = await me(`Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      sub: 'auth0|marcos',
      email: 'maquinaria@tvsistema.test',
      roles: ['maquinaria', 'transportes', 'operaciones'],
    });
  });

  test('a user without role claims is signed in with no roles', async () => {
    const response = await me(`Bearer ${await t.tokens.sign({ sub: 'auth0|sergio' })}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ sub: 'auth0|sergio', roles: [] });
  });

  test('reads a namespaced email when the token has no standard one (Auth0 Action)', async () => {
    const token = await t.tokens.sign({
      email: undefined,
      [`${TEST_NAMESPACE}email`]: 'ana@tvsistema.test',
    });
    expect((await me(`Bearer ${token}`)).json()).toMatchObject({ email: 'ana@tvsistema.test' });
  });

  test('a token that expired 30 s ago is still accepted (60 s leeway)', async () => {
    const response = await me(`Bearer ${await t.tokens.sign({}, { expiresIn: -30 })}`);
    expect(response.statusCode).toBe(200);
  });

  test('the scheme name is case-insensitive', async () => {
    expect((await me(`bearer ${await t.tokens.sign()}`)).statusCode).toBe(200);
  });
});

describe('GET /api/me answers 401 { message }', () => {
  const expectMissing = async (authorization?: string) => {
    const response = await me(authorization);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Falta el token de acceso' });
    expect(response.headers['www-authenticate']).toBe('Bearer realm="api"');
  };
  const expectInvalid = async (token: string) => {
    const response = await me(`Bearer ${token}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Token de acceso inválido o caducado' });
    expect(response.headers['www-authenticate']).toBe('Bearer realm="api", error="invalid_token"');
  };

  test('without a token', () => expectMissing());
  test('with another scheme', () => expectMissing('Basic YWRtaW46ZGVtbzEyMzQ='));
  test('with the scheme and no token', () => expectMissing('Bearer '));
  test('with a token that is not a JWT', () => expectInvalid('not-a-jwt'));

  test('with a tampered payload (signature no longer matches)', async () => {
    const [header, , signature] = (await t.tokens.sign()).split('.');
    const payload = base64url(JSON.stringify({ ...validPayload(), sub: 'auth0|someone-else' }));
    await expectInvalid(`${header}.${payload}.${signature}`);
  });

  test('with a tampered signature', async () => {
    const token = await t.tokens.sign();
    const signature = token.split('.')[2] ?? '';
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    await expectInvalid(token.replace(/[^.]+$/, flipped));
  });

  test('expired beyond the 60 s leeway', async () => {
    await expectInvalid(await t.tokens.sign({}, { expiresIn: -90 }));
  });

  test('from another issuer', async () => {
    await expectInvalid(await t.tokens.sign({}, { issuer: 'https://evil.example/' }));
  });

  test('whose issuer lacks the trailing slash', async () => {
    await expectInvalid(await t.tokens.sign({}, { issuer: 'http://localhost:3001' }));
  });

  test('for another audience', async () => {
    await expectInvalid(await t.tokens.sign({}, { audience: 'https://other-api.example' }));
  });

  test('with alg "none"', async () => {
    await expectInvalid(handMade({ alg: 'none', typ: 'JWT' }, validPayload(), () => ''));
  });

  test('HS256-signed with the public key as the secret (key confusion)', async () => {
    const token = handMade({ alg: 'HS256', typ: 'JWT', kid: TEST_KID }, validPayload(), (input) =>
      createHmac('sha256', t.tokens.publicKeyPem).update(input).digest('base64url'),
    );
    await expectInvalid(token);
  });

  test('HS256-signed with any secret', async () => {
    const token = await new SignJWT(validPayload())
      .setProtectedHeader({ alg: 'HS256', kid: TEST_KID })
      .sign(new TextEncoder().encode('a-secret-of-at-least-thirty-two-bytes!!'));
    await expectInvalid(token);
  });

  test('signed by another RSA key claiming our key id', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    await expectInvalid(await t.tokens.sign({}, { privateKey }));
  });

  test('signed by another RSA key with an unknown key id', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    await expectInvalid(await t.tokens.sign({}, { privateKey, kid: 'their-key' }));
  });

  test('without a subject', async () => {
    await expectInvalid(await t.tokens.sign({ sub: undefined }));
  });

  test('issued an hour in the future', async () => {
    await expectInvalid(await t.tokens.sign({}, { issuedIn: 3600, expiresIn: 7200 }));
  });
});

test('answers 503, not 401, when the identity provider keys cannot be fetched', async () => {
  const config = loadConfig({ LOG_LEVEL: 'silent', AUTH_AUDIENCE: TEST_AUDIENCE });
  const testDatabase = await createTestDatabase();
  // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
  const verifyToken = createRemoteTokenVerifier({
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
    jwksUrl: 'http://127.0.0.1:9/.well-known/jwks.json',
  });
  const app = await buildApp({ config, database: testDatabase.database, verifyToken });
  try {
    const response = await app.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${await t.tokens.sign()}` },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'No se puede verificar el acceso: el proveedor de identidad no responde',
    });
  } finally {
    await app.close();
    await testDatabase.close();
  }
});
