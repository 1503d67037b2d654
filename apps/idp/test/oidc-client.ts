import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';

/** The browser side of the protocol, reduced to what the tests need: cookies and manual redirects. */
export class Browser {
  readonly #cookies = new Map<string, string>();
  readonly base: string;

  constructor(base: string) {
    this.base = base;
  }

  get cookieNames(): string[] {
    return [...this.#cookies.keys()];
  }

  async get(pathOrUrl: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.#send(pathOrUrl, { method: 'GET', headers });
  }

  async post(
    pathOrUrl: string,
    form: Record<string, string>,
    headers: Record<string, string> = {},
  ) {
    return this.#send(pathOrUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    });
  }

  async #send(pathOrUrl: string, init: RequestInit & { headers: Record<string, string> }) {
    const url = new URL(pathOrUrl, this.base);
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...init.headers,
        ...(cookie && url.origin === new URL(this.base).origin ? { cookie } : {}),
      },
    });
    for (const header of response.headers.getSetCookie()) this.#store(header);
    return response;
  }

  #store(header: string) {
    const [pair = '', ...attributes] = header.split(';');
    const index = pair.indexOf('=');
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key = '', date = ''] = attribute.split('=');
      return key.trim().toLowerCase() === 'expires' && Date.parse(date) <= Date.now();
    });
    if (expired || value === '') this.#cookies.delete(name);
    else this.#cookies.set(name, value);
  }
}

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
};

export type AuthorizeOptions = {
  clientId: string;
  redirectUri: string;
  audience: string;
  extra?: Record<string, string>;
};

export const authorizeUrl = (options: AuthorizeOptions) => {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString('hex');
  const nonce = randomBytes(8).toString('hex');
  const params = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    audience: options.audience,
    scope: 'openid profile email offline_access',
    response_type: 'code',
    response_mode: 'query',
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...options.extra,
  });
  return { url: `/authorize?${params.toString()}`, verifier, state, nonce };
};

export const location = (response: Response): string => {
  expect([302, 303]).toContain(response.status);
  const value = response.headers.get('location');
  expect(value).toBeTruthy();
  return value ?? '';
};

export type TokenResponse = {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  error?: string;
};

export const tokenRequest = async (
  base: string,
  form: Record<string, string>,
): Promise<{ status: number; body: TokenResponse }> => {
  const response = await fetch(new URL('/oauth/token', base), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as TokenResponse };
};

/** Hidden form fields and the action of the first form of an HTML page. */
export const readForm = (html: string) => {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    if (match[1] !== undefined) fields[match[1]] = match[2] ?? '';
  }
  return { action: action.replaceAll('&amp;', '&'), fields };
};
