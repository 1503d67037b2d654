import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  UnknownDemoAccountError,
  jwksPath,
  mintAccessToken,
  startIdp,
  type RunningIdp,
} from '../src/index.js';
import { Browser, authorizeUrl, location, readForm, tokenRequest } from './oidc-client.js';

const CLIENT_ID = 'tvsistema-web';
const SPA = 'http://localhost:3000';
const REDIRECT_URI = `${SPA}/callback`;
const AUDIENCE = 'https://api.tvsistema.es';
const NS = 'https://tvsistema.es/';

let dataDir: string;
let idp: RunningIdp;

const start = (port = 0) =>
  startIdp({
    port,
    dataDir,
    clientId: CLIENT_ID,
    spaOrigins: [SPA],
    audience: AUDIENCE,
    claimsNamespace: NS,
    logger: { info: () => undefined, error: (error) => console.error(error) },
  });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'tvs-idp-'));
  idp = await start();
});

afterAll(async () => {
  await idp?.close();
  await rm(dataDir, { recursive: true, force: true });
});

// Fetched anew each time: after a restart the JWKS must come from the new process.
const keySet = async () => {
  const response = await fetch(new URL('/.well-known/jwks.json', idp.issuer));
  expect(response.status).toBe(200);
  return createLocalJWKSet((await response.json()) as JSONWebKeySet);
};

const verifyIdToken = async (token: string) =>
  jwtVerify(token, await keySet(), {
    issuer: idp.issuer,
    audience: CLIENT_ID,
    algorithms: ['RS256'],
  });

const verifyAccessToken = async (token: string) =>
  jwtVerify(token, await keySet(), {
    issuer: idp.issuer,
    audience: AUDIENCE,
    algorithms: ['RS256'],
  });

const openLogin = async (browser: Browser, extra?: Record<string, string>) => {
  const request = authorizeUrl({
    clientId: CLIENT_ID,
    redirectUri: REDIRECT_URI,
    audience: AUDIENCE,
    extra,
  });
  const interaction = location(await browser.get(request.url));
  expect(interaction).toMatch(/^\/interaction\/[^/]+$/);
  const page = await browser.get(interaction);
  return { ...request, interaction, page };
};

/** The full redirect dance the SDK and the user perform, ending at the token endpoint. */
const signIn = async (email: string, browser = new Browser(idp.issuer)) => {
  const { interaction, verifier, state, nonce } = await openLogin(browser);
  const resume = location(
    await browser.post(`${interaction}/login`, { email, password: DEMO_PASSWORD }),
  );
  const callback = new URL(location(await browser.get(resume)));
  expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
  expect(callback.searchParams.get('state')).toBe(state);
  const code = callback.searchParams.get('code') ?? '';
  const tokens = await tokenRequest(idp.issuer, {
    grant_type: 'authorization_code',
    client_id: CLIENT_ID,
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT_URI,
  });
  expect(tokens.status).toBe(200);
  return { browser, tokens: tokens.body, nonce };
};

const refresh = (refreshToken: string) =>
  tokenRequest(idp.issuer, {
    grant_type: 'refresh_token',
    client_id: CLIENT_ID,
    refresh_token: refreshToken,
  });

const silentAuthorize = async (browser: Browser) => {
  const request = authorizeUrl({
    clientId: CLIENT_ID,
    redirectUri: REDIRECT_URI,
    audience: AUDIENCE,
    extra: { prompt: 'none', response_mode: 'web_message' },
  });
  const response = await browser.get(request.url);
  return { response, html: await response.text(), request };
};

describe('login page', () => {
  it('asks for the email and password in Spanish, with labelled fields and nothing loaded from outside', async () => {
    const { page } = await openLogin(new Browser(idp.issuer));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('TVSistema');
    expect(html).toMatch(/<label for="email">Correo electrónico<\/label>\s*<input id="email"/);
    expect(html).toMatch(
      /<label for="password">Contraseña<\/label>\s*<input id="password"[^>]*type="password"/,
    );
    expect(html).toMatch(/<button type="submit">Iniciar sesión<\/button>/);
    expect(html).not.toContain('Correo o contraseña incorrectos');
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).not.toContain('@import');
  });

  it('rejects a wrong password with an alert and keeps the typed email', async () => {
    const browser = new Browser(idp.issuer);
    const { interaction } = await openLogin(browser);
    const response = await browser.post(`${interaction}/login`, {
      email: 'admin@tvsistema.test',
      password: 'incorrecta',
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div class="alert" role="alert">Correo o contraseña incorrectos</div>');
    expect(html).toContain('value="admin@tvsistema.test"');
    expect(response.headers.get('location')).toBeNull();
  });

  it('rejects an unknown email the same way and escapes what it echoes', async () => {
    const browser = new Browser(idp.issuer);
    const { interaction } = await openLogin(browser);
    const typed = '"><script>alert(1)</script>';
    const html = await (
      await browser.post(`${interaction}/login`, { email: typed, password: DEMO_PASSWORD })
    ).text();
    expect(html).toContain('Correo o contraseña incorrectos');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('uses cookies with the project prefix, signed', async () => {
    const browser = new Browser(idp.issuer);
    await openLogin(browser);
    expect(browser.cookieNames).toContain('tvs_interaction');
    expect(browser.cookieNames).toContain('tvs_interaction.sig');
    expect(browser.cookieNames.every((name) => name.startsWith('tvs_'))).toBe(true);
  });

  it('shows a Spanish page, not a crash, for an interaction that no longer exists', async () => {
    const response = await new Browser(idp.issuer).get('/interaction/desconocida');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Inicio de sesión caducado');
  });
});

describe('sign-in with the authorization code and PKCE', () => {
  it('issues an RS256 ID token with the profile and role claims the SPA reads', async () => {
    const { tokens, nonce } = await signIn('admin@tvsistema.test');
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBeGreaterThan(60);
    const { payload, protectedHeader } = await verifyIdToken(tokens.id_token);
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      iss: idp.issuer,
      aud: CLIENT_ID,
      nonce,
      sub: 'demo|admin',
      name: 'Ana Administradora',
      given_name: 'Ana',
      family_name: 'Administradora',
      email: 'admin@tvsistema.test',
      empresa: 'Grupo TVSistema',
      cargo: 'Administradora del sistema',
      phone_number: '+34971100101',
      [`${NS}rol`]: 'administracion',
      [`${NS}roles`]: ['administracion'],
    });
    expect(idp.issuer).toMatch(/^http:\/\/localhost:\d+\/$/);
  });

  it('issues a JWT access token for the API audience with the roles, email and name', async () => {
    const { tokens } = await signIn('operaciones@tvsistema.test');
    const { payload, protectedHeader } = await verifyAccessToken(tokens.access_token);
    expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(payload).toMatchObject({
      iss: idp.issuer,
      aud: AUDIENCE,
      sub: 'demo|operaciones',
      email: 'operaciones@tvsistema.test',
      [`${NS}name`]: 'Olga Operaciones',
      [`${NS}rol`]: 'operaciones',
      [`${NS}roles`]: ['operaciones', 'alquileres', 'transportes'],
    });
    expect((payload.exp ?? 0) - Math.floor(Date.now() / 1000)).toBeGreaterThan(60);
  });

  it('gives the account without roles no rol claim and an empty roles list', async () => {
    const { tokens } = await signIn('sinroles@tvsistema.test');
    const { payload: idToken } = await verifyIdToken(tokens.id_token);
    const { payload: accessToken } = await verifyAccessToken(tokens.access_token);
    for (const payload of [idToken, accessToken]) {
      expect(payload).not.toHaveProperty(`${NS}rol`);
      expect(payload[`${NS}roles`]).toEqual([]);
    }
  });

  it('accepts the email in any case and the SDK default redirect_uri (the bare origin)', async () => {
    const browser = new Browser(idp.issuer);
    const request = authorizeUrl({ clientId: CLIENT_ID, redirectUri: SPA, audience: AUDIENCE });
    const interaction = location(await browser.get(request.url));
    const resume = location(
      await browser.post(`${interaction}/login`, {
        email: ' Maquinaria@TVSistema.test ',
        password: DEMO_PASSWORD,
      }),
    );
    const callback = new URL(location(await browser.get(resume)));
    expect(callback.origin + callback.pathname).toBe(`${SPA}/`);
    const tokens = await tokenRequest(idp.issuer, {
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      code: callback.searchParams.get('code') ?? '',
      code_verifier: request.verifier,
      redirect_uri: SPA,
    });
    const { payload } = await verifyAccessToken(tokens.body.access_token);
    expect(payload[`${NS}roles`]).toEqual(['maquinaria']);
  });

  it('refuses a redirect_uri that is not registered', async () => {
    const request = authorizeUrl({
      clientId: CLIENT_ID,
      redirectUri: 'http://localhost:4000/callback',
      audience: AUDIENCE,
    });
    const response = await new Browser(idp.issuer).get(request.url);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('refuses a code exchange with the wrong PKCE verifier', async () => {
    const browser = new Browser(idp.issuer);
    const { interaction } = await openLogin(browser);
    const resume = location(
      await browser.post(`${interaction}/login`, {
        email: 'empleado@tvsistema.test',
        password: DEMO_PASSWORD,
      }),
    );
    const code = new URL(location(await browser.get(resume))).searchParams.get('code') ?? '';
    const tokens = await tokenRequest(idp.issuer, {
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      code,
      code_verifier: 'x'.repeat(43),
      redirect_uri: REDIRECT_URI,
    });
    expect(tokens.status).toBe(400);
    expect(tokens.body.error).toBe('invalid_grant');
  });

  it('answers the CORS preflight of the token endpoint for the SPA origin only', async () => {
    const preflight = (origin: string) =>
      fetch(new URL('/oauth/token', idp.issuer), {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,auth0-client',
        },
      });
    expect((await preflight(SPA)).headers.get('access-control-allow-origin')).toBe(SPA);
    const token = await fetch(new URL('/oauth/token', idp.issuer), {
      method: 'POST',
      headers: {
        origin: 'http://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: CLIENT_ID,
        refresh_token: 'x',
      }).toString(),
    });
    expect(token.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh token and treats a replayed one as invalid', async () => {
    const { tokens } = await signIn('transportes@tvsistema.test');
    const first = tokens.refresh_token ?? '';
    expect(first).not.toBe('');

    const renewed = await refresh(first);
    expect(renewed.status).toBe(200);
    expect(renewed.body.refresh_token).toBeTruthy();
    expect(renewed.body.refresh_token).not.toBe(first);
    const { payload } = await verifyAccessToken(renewed.body.access_token);
    expect(payload[`${NS}roles`]).toEqual(['transportes']);
    const { payload: idToken } = await verifyIdToken(renewed.body.id_token);
    expect(idToken.given_name).toBe('Tomás');

    const replay = await refresh(first);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
  });

  it('revokes a refresh token at /oauth/revoke', async () => {
    const { tokens } = await signIn('empleado@tvsistema.test');
    const response = await fetch(new URL('/oauth/revoke', idp.issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SPA },
      body: new URLSearchParams({
        client_id: CLIENT_ID,
        token: tokens.refresh_token ?? '',
        token_type_hint: 'refresh_token',
      }).toString(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(SPA);
    expect((await refresh(tokens.refresh_token ?? '')).body.error).toBe('invalid_grant');
  });
});

describe('silent renewal in a hidden iframe', () => {
  it('answers prompt=none with a page that posts the authorization response to the SPA', async () => {
    const { browser } = await signIn('alquileres@tvsistema.test');
    const { response, html, request } = await silentAuthorize(browser);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(html).toContain("type: 'authorization_response'");
    expect(html).toContain(`"redirect_uri":"${REDIRECT_URI}"`);
    const data = /var data = (\{.*\});/.exec(html)?.[1] ?? '{}';
    const { response: result } = JSON.parse(data) as { response: Record<string, string> };
    expect(result.state).toBe(request.state);
    expect(result.code).toBeTruthy();

    const tokens = await tokenRequest(idp.issuer, {
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      code: result.code ?? '',
      code_verifier: request.verifier,
      redirect_uri: REDIRECT_URI,
    });
    expect(tokens.status).toBe(200);
    expect(tokens.body.refresh_token).toBeTruthy();
    const { payload } = await verifyAccessToken(tokens.body.access_token);
    expect(payload.sub).toBe('demo|alquileres');
  });

  it('posts login_required when there is no session', async () => {
    const { html } = await silentAuthorize(new Browser(idp.issuer));
    expect(html).toContain("type: 'authorization_response'");
    expect(html).toContain('"error":"login_required"');
  });
});

describe('logout at /v2/logout (Auth0 parameters)', () => {
  it('ends the session and returns to a registered returnTo without asking', async () => {
    const { browser, tokens } = await signIn('arquitecto@tvsistema.test');
    const page = await browser.get(
      `/v2/logout?${new URLSearchParams({ client_id: CLIENT_ID, returnTo: SPA, auth0Client: 'eyJ9' })}`,
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("document.getElementById('op.logoutForm').submit()");
    const form = readForm(html);
    expect(form.fields.logout).toBe('yes');
    const done = await browser.post(form.action, form.fields);
    expect(location(done)).toBe(`${SPA}/`);

    const { html: silent } = await silentAuthorize(browser);
    expect(silent).toContain('"error":"login_required"');
    const revoked = await refresh(tokens.refresh_token ?? '');
    expect(revoked.body.error).toBe('invalid_grant');
  });

  it("without a session or returnTo still lands on the application's first origin", async () => {
    const browser = new Browser(idp.issuer);
    const page = await browser.get(`/v2/logout?${new URLSearchParams({ client_id: CLIENT_ID })}`);
    expect(page.status).toBe(200);
    const form = readForm(await page.text());
    expect(location(await browser.post(form.action, form.fields))).toBe(`${SPA}/`);
  });

  it('refuses a returnTo that is not registered', async () => {
    const { browser } = await signIn('empleado@tvsistema.test');
    const response = await browser.get(
      `/v2/logout?${new URLSearchParams({ client_id: CLIENT_ID, returnTo: 'https://evil.example/' })}`,
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).not.toContain('op.logoutForm');
  });
});

describe('restart on the same data directory', () => {
  it('keeps the key, the refresh tokens and the browser session', async () => {
    const { browser, tokens } = await signIn('admin@tvsistema.test');
    const { protectedHeader } = await verifyAccessToken(tokens.access_token);

    const port = Number(new URL(idp.issuer).port);
    await idp.close();
    idp = await start(port);

    const { protectedHeader: after } = await verifyAccessToken(tokens.access_token);
    expect(after.kid).toBe(protectedHeader.kid);

    const renewed = await refresh(tokens.refresh_token ?? '');
    expect(renewed.status).toBe(200);
    const { payload } = await verifyAccessToken(renewed.body.access_token);
    expect(payload.sub).toBe('demo|admin');

    const { html } = await silentAuthorize(browser);
    expect(html).toContain('"code":"');
  });

  it('keeps the signing key private to the owner', async () => {
    expect((await stat(jwksPath(dataDir))).mode & 0o777).toBe(0o600);
  });
});

describe('mintAccessToken', () => {
  it('signs a token the provider JWKS verifies, with the same claims', async () => {
    const token = await mintAccessToken({
      dataDir,
      issuer: idp.issuer,
      audience: AUDIENCE,
      claimsNamespace: NS,
      email: 'operaciones@tvsistema.test',
    });
    expect(decodeProtectedHeader(token).typ).toBe('at+jwt');
    const { payload } = await verifyAccessToken(token);
    expect(payload).toMatchObject({
      sub: 'demo|operaciones',
      email: 'operaciones@tvsistema.test',
      [`${NS}name`]: 'Olga Operaciones',
      client_id: CLIENT_ID,
      [`${NS}rol`]: 'operaciones',
      [`${NS}roles`]: ['operaciones', 'alquileres', 'transportes'],
    });
  });

  it('honours a short expiry and omits rol for an account without roles', async () => {
    const token = await mintAccessToken({
      dataDir,
      issuer: idp.issuer,
      audience: AUDIENCE,
      claimsNamespace: NS,
      email: 'sinroles@tvsistema.test',
      expiresInSeconds: 90,
    });
    const { payload } = await verifyAccessToken(token);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(90);
    expect(payload).not.toHaveProperty(`${NS}rol`);
    expect(payload[`${NS}roles`]).toEqual([]);
  });

  it('throws a clear error listing the demo accounts for an unknown email', async () => {
    const attempt = mintAccessToken({
      dataDir,
      issuer: idp.issuer,
      audience: AUDIENCE,
      claimsNamespace: NS,
      email: 'nadie@tvsistema.test',
    });
    await expect(attempt).rejects.toBeInstanceOf(UnknownDemoAccountError);
    await expect(attempt).rejects.toThrow(/nadie@tvsistema\.test.*admin@tvsistema\.test/);
  });
});

describe('demo accounts', () => {
  it('match DESIGN.md', () => {
    expect(DEMO_ACCOUNTS.map((account) => [account.email, account.name, account.roles])).toEqual([
      ['admin@tvsistema.test', 'Ana Administradora', ['administracion']],
      ['empleado@tvsistema.test', 'Esteban Empleado', ['empleado']],
      ['alquileres@tvsistema.test', 'Alicia Alquileres', ['alquileres']],
      ['transportes@tvsistema.test', 'Tomás Transportes', ['transportes']],
      ['maquinaria@tvsistema.test', 'Marcos Maquinaria', ['maquinaria']],
      ['arquitecto@tvsistema.test', 'Arturo Arquitecto', ['arquitecto']],
      [
        'operaciones@tvsistema.test',
        'Olga Operaciones',
        ['operaciones', 'alquileres', 'transportes'],
      ],
      ['verticales@tvsistema.test', 'Valentina Verticales', ['verticales']],
      ['sinroles@tvsistema.test', 'Sergio Sinroles', []],
    ]);
    expect(DEMO_PASSWORD).toBe('demo1234');
  });
});

// Last in the file: the account stays locked for this provider's 15-minute window.
describe('brute-force protection', () => {
  it('refuses further attempts for an account after five wrong passwords, even the right one', async () => {
    const browser = new Browser(idp.issuer);
    const { interaction } = await openLogin(browser);
    const attempt = (password: string) =>
      browser.post(`${interaction}/login`, { email: 'maquinaria@tvsistema.test', password });
    for (let failure = 0; failure < 5; failure += 1) {
      expect((await attempt(`mala-${failure}`)).status).toBe(200);
    }
    const refused = await attempt(DEMO_PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    const html = await refused.text();
    expect(html).toContain(
      '<div class="alert" role="alert">Demasiados intentos fallidos. Vuelve a intentarlo dentro de 15 minutos.</div>',
    );
    expect(html).toContain('value="maquinaria@tvsistema.test"');
    expect(refused.headers.get('location')).toBeNull();
  });
});
