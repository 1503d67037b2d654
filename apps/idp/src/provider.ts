import { randomBytes } from 'node:crypto';
import { Provider, errors } from 'oidc-provider';
import type {
  Account,
  AdapterFactory,
  Client,
  ClientMetadata,
  Configuration,
  KoaContextWithOIDC,
  ResourceServer,
} from 'oidc-provider';
import { accessTokenClaims, accountClaims, findDemoAccountBySub } from './accounts.js';
import { ACCESS_TOKEN_TTL_SECONDS, COOKIE_PREFIX } from './constants.js';
import type { IdpSecrets } from './keys.js';
import { interactionPath } from './paths.js';
import {
  pageSecurityPolicy,
  renderErrorPage,
  renderLogoutPage,
  renderSignedOutPage,
} from './views.js';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const REFRESH_TOKEN_TTL_SECONDS = 30 * DAY;

export type ProviderSettings = {
  issuer: string;
  clientId: string;
  spaOrigins: readonly string[];
  audience: string;
  claimsNamespace: string;
  secrets: IdpSecrets;
  adapter: AdapterFactory;
  onServerError: (error: unknown) => void;
};

/** The interaction cookie is missing, expired or already used (e.g. the login page was reloaded late). */
export const isInteractionGone = (error: unknown): boolean =>
  error instanceof errors.SessionNotFound || error instanceof errors.InvalidRequest;

const clientMetadata = ({ clientId, spaOrigins }: ProviderSettings): ClientMetadata => ({
  client_id: clientId,
  client_name: 'TVSistema',
  application_type: 'web',
  token_endpoint_auth_method: 'none',
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  // The SDK's default redirect_uri is `location.origin`, without a trailing slash.
  redirect_uris: spaOrigins.flatMap((origin) => [`${origin}/callback`, origin]),
  post_logout_redirect_uris: spaOrigins.flatMap((origin) => [origin, `${origin}/`]),
});

const rawRequestScope = (ctx: KoaContextWithOIDC): string => {
  const source = ctx.method === 'POST' ? ctx.oidc.body : ctx.query;
  const scope = source?.scope;
  return typeof scope === 'string' ? scope : '';
};

/**
 * oidc-provider drops `offline_access` unless the request says `prompt=consent`, which the Auth0
 * SDK never sends; Auth0 issues the refresh token anyway. Runs (as the `audience` validator) right
 * after oidc-provider's scope check, so the scope is put back before the request is stored.
 */
const honourOfflineAccess = async (
  ctx: KoaContextWithOIDC,
  _audience: string | undefined,
  client: Client,
): Promise<void> => {
  const params = ctx.oidc.params;
  if (!params || !client.grantTypeAllowed('refresh_token')) return;
  if (!rawRequestScope(ctx).split(' ').includes('offline_access')) return;
  const responseType = params.response_type;
  if (typeof responseType !== 'string' || !responseType.split(' ').includes('code')) return;
  const scopes = typeof params.scope === 'string' ? params.scope.split(' ') : [];
  if (!scopes.includes('offline_access')) params.scope = [...scopes, 'offline_access'].join(' ');
};

const findAccount = (claimsNamespace: string) => (_ctx: KoaContextWithOIDC, sub: string) => {
  const demo = findDemoAccountBySub(sub);
  if (!demo) return undefined;
  const account: Account = {
    accountId: demo.sub,
    claims: () => ({ ...accountClaims(demo, claimsNamespace), sub: demo.sub }),
  };
  return account;
};

/**
 * No consent screen (first-party client): whatever the client asks for is granted, also during
 * silent renewal (`prompt=none`), which could not show a page anyway.
 */
const loadExistingGrant = async (ctx: KoaContextWithOIDC) => {
  const { oidc } = ctx;
  const accountId = oidc.session?.accountId;
  const clientId = oidc.client?.clientId;
  if (!accountId || !clientId) return undefined;

  const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  const grant =
    existing?.accountId === accountId ? existing : new oidc.provider.Grant({ clientId, accountId });

  const oidcScope = [...oidc.requestParamOIDCScopes].join(' ');
  if (oidcScope) grant.addOIDCScope(oidcScope);
  for (const [indicator, resourceServer] of Object.entries(oidc.resourceServers ?? {})) {
    const scope = [...oidc.requestParamScopes].filter((name) => resourceServer.scopes.has(name));
    grant.addResourceScope(indicator, scope.join(' '));
  }
  await grant.save();
  return grant;
};

export const createProvider = (settings: ProviderSettings): Provider => {
  const { issuer, spaOrigins, audience, claimsNamespace, secrets } = settings;
  const appUrl = spaOrigins[0];
  const rol = `${claimsNamespace}rol`;
  const roles = `${claimsNamespace}roles`;

  const resourceServer: ResourceServer = {
    scope: '',
    audience,
    accessTokenFormat: 'jwt',
    accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
    jwt: { sign: { alg: 'RS256' } },
  };

  const configuration: Configuration = {
    clients: [clientMetadata(settings)],
    jwks: secrets.jwks,
    adapter: settings.adapter,
    findAccount: findAccount(claimsNamespace),
    // The SDK reads the user only from the ID token, so profile claims must be in it.
    conformIdTokenClaims: false,
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      // A claim reaches a token only through a scope; the SDK always asks for `openid`.
      openid: ['sub', rol, roles],
      profile: ['name', 'given_name', 'family_name', 'phone_number', 'empresa', 'cargo'],
      email: ['email', 'email_verified'],
      phone: ['phone_number', 'phone_number_verified'],
    },
    scopes: ['openid', 'offline_access', 'profile', 'email', 'phone'],
    extraParams: { audience: honourOfflineAccess },
    // What an Auth0 Action would add to the access token, so the API reads roles the same way.
    extraTokenClaims: async (_ctx, token) => {
      if (!('accountId' in token) || typeof token.accountId !== 'string') return undefined;
      const demo = findDemoAccountBySub(token.accountId);
      return demo ? accessTokenClaims(demo, claimsNamespace) : undefined;
    },
    issueRefreshToken: async (_ctx, client, source) =>
      client.grantTypeAllowed('refresh_token') && source.scopes.has('offline_access'),
    // Every token lives only as long as the provider session that produced it, offline_access
    // included (oidc-provider would let those outlive a logout): signing out of TVSistema ends
    // every refresh token of that browser session, not only the local cache the SDK clears.
    expiresWithSession: async () => true,
    loadExistingGrant,
    clientBasedCORS: (_ctx, origin) => spaOrigins.includes(origin),
    pkce: { required: () => true },
    routes: {
      authorization: '/authorize',
      token: '/oauth/token',
      jwks: '/.well-known/jwks.json',
      revocation: '/oauth/revoke',
      end_session: '/v2/logout',
      userinfo: '/userinfo',
    },
    cookies: {
      names: {
        session: `${COOKIE_PREFIX}session`,
        interaction: `${COOKIE_PREFIX}interaction`,
        resume: `${COOKIE_PREFIX}interaction_resume`,
      },
      keys: secrets.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    ttl: {
      AccessToken: (_ctx, token) =>
        token.resourceServer?.accessTokenTTL ?? ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: () => MINUTE,
      IdToken: () => HOUR,
      Interaction: () => HOUR,
      // As long as a refresh token, which expires with its session.
      Session: () => REFRESH_TOKEN_TTL_SECONDS,
      Grant: () => REFRESH_TOKEN_TTL_SECONDS,
      RefreshToken: (ctx, token, client) => {
        // Rotation keeps the absolute lifetime of the first refresh token (oidc-provider's
        // recommendation for public browser clients).
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        if (
          rotated &&
          client.applicationType === 'web' &&
          client.clientAuthMethod === 'none' &&
          !token.isSenderConstrained()
        ) {
          return rotated.remainingTTL;
        }
        return REFRESH_TOKEN_TTL_SECONDS;
      },
    },
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      revocation: {
        enabled: true,
        // A client revokes only its own tokens (silently ignoring others, as RFC 7009 allows).
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      webMessageResponseMode: { enabled: true, ack: 'individual-draft-01' },
      resourceIndicators: {
        enabled: true,
        // Auth0's `audience` is the resource indicator; only the product's API is known.
        defaultResource: (ctx) => {
          const requested = ctx.oidc.params?.audience;
          return typeof requested === 'string' && requested !== '' ? requested : undefined;
        },
        // Refresh token requests carry no resource: keep issuing for the granted audience.
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== audience) {
            throw new errors.InvalidTarget(`unknown audience ${indicator}`);
          }
          return resourceServer;
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          const nonce = randomBytes(16).toString('base64');
          ctx.set('Content-Security-Policy', pageSecurityPolicy(nonce));
          ctx.type = 'html';
          ctx.body = renderLogoutPage({ form, scriptNonce: nonce });
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.set('Content-Security-Policy', pageSecurityPolicy());
          ctx.type = 'html';
          ctx.body = renderSignedOutPage(appUrl ? { appUrl } : {});
        },
      },
    },
    renderError: async (ctx, out, error) => {
      if (!(error instanceof errors.OIDCProviderError) || error.statusCode >= 500) {
        settings.onServerError(error);
      }
      ctx.set('Content-Security-Policy', pageSecurityPolicy());
      ctx.type = 'html';
      ctx.body = renderErrorPage({
        title: 'No se pudo completar la solicitud',
        message:
          'El proveedor de identidad ha rechazado la solicitud. Vuelve a la aplicación e inténtalo de nuevo.',
        detail: [out.error, out.error_description].filter(Boolean).join(': '),
        ...(appUrl ? { appUrl } : {}),
      });
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.on('server_error', (_ctx, error) => settings.onServerError(error));
  // Koa would print every error again; `server_error` already reports them.
  provider.silent = true;
  return provider;
};
