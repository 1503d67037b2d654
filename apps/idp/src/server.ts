import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Provider } from 'oidc-provider';
import { DEMO_PASSWORD, findDemoAccountByEmail, type DemoAccount } from './accounts.js';
import { FileStore, fileAdapterFactory } from './file-adapter.js';
import { idpDir, loadOrCreateSecrets } from './keys.js';
import { createLoginThrottle, throttledMessage } from './login-throttle.js';
import { interactionPath } from './paths.js';
import { pageSecurityPolicy, renderErrorPage, renderLoginPage } from './views.js';

export type IdpLogger = { info(msg: string): void; error(obj: unknown, msg?: string): void };

export type IdpOptions = {
  /** 0 picks a free port (the issuer then follows it). */
  port: number;
  /** Interface to listen on; default 'localhost'. */
  host?: string;
  /** Default `http://localhost:${port}/`; must be the root of the origin, with the trailing slash. */
  issuer?: string;
  /** Keys, cookie secrets and sessions live under `${dataDir}/idp/`. */
  dataDir: string;
  clientId: string;
  /** Origins of the SPA, e.g. ['http://localhost:3000'], without trailing slash. */
  spaOrigins: string[];
  audience: string;
  claimsNamespace: string;
  logger?: IdpLogger;
};

export type RunningIdp = {
  /** e.g. `http://localhost:3001/`, the `iss` of every token. */
  issuer: string;
  /** The issuer without the trailing slash: what Auth0 calls the `domain`. */
  url: string;
  close(): Promise<void>;
};

const MAX_FORM_BYTES = 16 * 1024;

const defaultLogger: IdpLogger = {
  info: () => undefined,
  error: (obj, msg) => console.error(msg ?? 'idp error', obj),
};

const withoutTrailingSlash = (value: string): string => value.replace(/\/+$/, '');

const sha256 = (value: string): Buffer => createHash('sha256').update(value).digest();

const authenticate = (email: string, password: string): DemoAccount | undefined => {
  const demo = findDemoAccountByEmail(email);
  const passwordMatches = timingSafeEqual(sha256(password), sha256(DEMO_PASSWORD));
  return demo && passwordMatches ? demo : undefined;
};

const readForm = async (req: IncomingMessage): Promise<URLSearchParams> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_FORM_BYTES) throw new Error('form too large');
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

const sendHtml = (res: ServerResponse, status: number, html: string): void => {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': pageSecurityPolicy(),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  });
  res.end(html);
};

export const startIdp = async (options: IdpOptions): Promise<RunningIdp> => {
  const logger = options.logger ?? defaultLogger;
  const host = options.host ?? 'localhost';
  const spaOrigins = options.spaOrigins.map(withoutTrailingSlash);
  const appUrl = spaOrigins[0];
  const expiredPage = renderErrorPage({
    title: 'Inicio de sesión caducado',
    message:
      'La solicitud de inicio de sesión ha caducado o ya se ha usado. Vuelve a la aplicación e inténtalo de nuevo.',
    ...(appUrl ? { appUrl } : {}),
  });

  // Loaded here, not at import time: `npm run token` imports this package and needs none of it
  // (oidc-provider also prints a runtime warning on load).
  const { createProvider, isInteractionGone } = await import('./provider.js');
  const secrets = await loadOrCreateSecrets(options.dataDir);
  const store = await FileStore.open(join(idpDir(options.dataDir), 'store.json'), {
    onError: (error) =>
      logger.error(error, 'No se pudo guardar el estado del proveedor de identidad'),
  });

  const throttle = createLoginThrottle();
  let provider: Provider | undefined;
  let providerCallback: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;

  const showInteraction = async (req: IncomingMessage, res: ServerResponse, uid: string) => {
    if (!provider) throw new Error('provider not ready');
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      const hint = details.params.login_hint;
      sendHtml(
        res,
        200,
        renderLoginPage({
          action: `${interactionPath(uid)}/login`,
          ...(typeof hint === 'string' ? { email: hint } : {}),
        }),
      );
      return;
    }
    // loadExistingGrant grants everything, so no other prompt should reach this page; if one does,
    // the client gets an error it knows instead of a screen it cannot use.
    await provider.interactionFinished(
      req,
      res,
      { error: 'consent_required', error_description: `unexpected prompt ${details.prompt.name}` },
      { mergeWithLastSubmission: false },
    );
  };

  const submitLogin = async (req: IncomingMessage, res: ServerResponse, uid: string) => {
    if (!provider) throw new Error('provider not ready');
    const details = await provider.interactionDetails(req, res);
    const form = await readForm(req);
    const email = (form.get('email') ?? '').trim();
    const address = req.socket.remoteAddress ?? 'unknown';
    const action = `${interactionPath(uid)}/login`;
    const verdict = throttle.check(email, address);
    if (!verdict.allowed) {
      // The password is not even checked: guessing goes on only once the window has moved on.
      res.setHeader('Retry-After', String(Math.ceil(verdict.retryAfterMs / 1000)));
      sendHtml(
        res,
        429,
        renderLoginPage({ action, email, error: throttledMessage(verdict.retryAfterMs) }),
      );
      return;
    }
    const demo =
      details.prompt.name === 'login' ? authenticate(email, form.get('password') ?? '') : undefined;
    if (!demo) {
      throttle.recordFailure(email, address);
      sendHtml(res, 200, renderLoginPage({ action, email, failed: true }));
      return;
    }
    throttle.recordSuccess(email, address);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: demo.sub } },
      { mergeWithLastSubmission: false },
    );
  };

  /** Auth0's `/v2/logout?client_id&returnTo` spoken as OpenID Connect RP-initiated logout. */
  const translateLogout = (req: IncomingMessage, url: URL) => {
    const params = url.searchParams;
    const returnTo = params.get('returnTo');
    params.delete('returnTo');
    if (returnTo !== null && !params.has('post_logout_redirect_uri')) {
      params.set('post_logout_redirect_uri', returnTo);
    }
    // Auth0 checks a returnTo without client_id against the tenant's list; our tenant has one client.
    if (
      params.has('post_logout_redirect_uri') &&
      !params.has('client_id') &&
      !params.has('id_token_hint')
    ) {
      params.set('client_id', options.clientId);
    }
    // Auth0 falls back to the application's first allowed logout URL.
    if (
      !params.has('post_logout_redirect_uri') &&
      params.get('client_id') === options.clientId &&
      appUrl
    ) {
      params.set('post_logout_redirect_uri', appUrl);
    }
    req.url = `${url.pathname}?${params.toString()}`;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (!providerCallback) throw new Error('provider not ready');
    const url = new URL(req.url ?? '/', 'http://localhost');
    const interaction = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (interaction?.[1]) {
      const uid = decodeURIComponent(interaction[1]);
      const isLogin = interaction[2] !== undefined;
      if ((isLogin && req.method !== 'POST') || (!isLogin && req.method !== 'GET')) {
        res.writeHead(405, { Allow: isLogin ? 'POST' : 'GET' }).end();
        return;
      }
      try {
        await (isLogin ? submitLogin(req, res, uid) : showInteraction(req, res, uid));
      } catch (error) {
        if (!isInteractionGone(error)) throw error;
        sendHtml(res, 400, expiredPage);
      }
      return;
    }
    if (url.pathname === '/v2/logout' && (req.method === 'GET' || req.method === 'HEAD')) {
      translateLogout(req, url);
    }
    providerCallback(req, res);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      logger.error(error, 'Error en el proveedor de identidad');
      if (!res.headersSent) {
        sendHtml(
          res,
          500,
          renderErrorPage({
            title: 'Error interno',
            message: 'Error interno del proveedor de identidad.',
          }),
        );
      } else {
        res.end();
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const port = (server.address() as AddressInfo).port;
  const issuer = options.issuer ?? `http://localhost:${port}/`;
  try {
    provider = createProvider({
      issuer,
      clientId: options.clientId,
      spaOrigins,
      audience: options.audience,
      claimsNamespace: options.claimsNamespace,
      secrets,
      adapter: fileAdapterFactory(store),
      onServerError: (error) => logger.error(error, 'Error en el proveedor de identidad'),
    });
    providerCallback = provider.callback();
  } catch (error) {
    server.close();
    throw error;
  }
  logger.info(`Proveedor de identidad de desarrollo en ${issuer}`);

  let closing: Promise<void> | undefined;
  return {
    issuer,
    url: withoutTrailingSlash(issuer),
    close: () => {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await store.flush();
      })();
      return closing;
    },
  };
};
