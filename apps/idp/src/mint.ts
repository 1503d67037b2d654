import { randomUUID } from 'node:crypto';
import { SignJWT, importJWK } from 'jose';
import { DEMO_ACCOUNTS, accessTokenClaims, findDemoAccountByEmail } from './accounts.js';
import { loadOrCreateSigningKeys } from './keys.js';
import { ACCESS_TOKEN_TTL_SECONDS } from './constants.js';

export type MintAccessTokenOptions = {
  dataDir: string;
  /** e.g. `http://localhost:3001/` (trailing slash), as the running provider's issuer. */
  issuer: string;
  audience: string;
  claimsNamespace: string;
  email: string;
  expiresInSeconds?: number;
  /** Default 'tvsistema-web', the `client_id` claim. */
  clientId?: string;
};

export class UnknownDemoAccountError extends Error {
  readonly knownEmails: readonly string[];

  constructor(email: string) {
    const knownEmails = DEMO_ACCOUNTS.map((account) => account.email);
    super(
      `Cuenta de demostración desconocida / unknown demo account: "${email}". Cuentas: ${knownEmails.join(', ')}`,
    );
    this.name = 'UnknownDemoAccountError';
    this.knownEmails = knownEmails;
  }
}

/**
 * An access token for a demo account, signed with the provider's own persisted key and carrying
 * the claims the provider's access tokens carry, for calling the API from scripts and tests
 * without a browser. Creates the key under `${dataDir}/idp/` if the provider never ran there.
 */
export const mintAccessToken = async (options: MintAccessTokenOptions): Promise<string> => {
  const demo = findDemoAccountByEmail(options.email);
  if (!demo) throw new UnknownDemoAccountError(options.email);

  const { keys } = await loadOrCreateSigningKeys(options.dataDir);
  const [jwk] = keys;
  if (!jwk) throw new Error('no signing key');
  const key = await importJWK(jwk, 'RS256');

  return new SignJWT({
    client_id: options.clientId ?? 'tvsistema-web',
    ...accessTokenClaims(demo, options.claimsNamespace),
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid })
    .setIssuer(options.issuer)
    .setSubject(demo.sub)
    .setAudience(options.audience)
    .setIssuedAt()
    .setExpirationTime(`${options.expiresInSeconds ?? ACCESS_TOKEN_TTL_SECONDS}s`)
    .setJti(randomUUID())
    .sign(key);
};
