import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

export type SigningJwk = JWK & { kid: string; alg: 'RS256'; use: 'sig' };

export type IdpSecrets = {
  /** Private signing key set, as oidc-provider's `jwks` option takes it. */
  readonly jwks: { keys: SigningJwk[] };
  readonly cookieKeys: string[];
};

export const idpDir = (dataDir: string): string => join(dataDir, 'idp');
export const jwksPath = (dataDir: string): string => join(idpDir(dataDir), 'jwks.json');
const cookieKeysPath = (dataDir: string): string => join(idpDir(dataDir), 'cookie-keys.json');

const isMissing = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && error.code === 'ENOENT';
const alreadyExists = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && error.code === 'EEXIST';

const readJson = async (path: string): Promise<unknown> =>
  JSON.parse(await readFile(path, 'utf8')) as unknown;

/**
 * Creates the file only if nobody did meanwhile (the launcher and `npm run token` may race on a
 * fresh data directory), so every process ends up with the same secret.
 */
const createOnce = async (path: string, content: unknown): Promise<unknown> => {
  try {
    await writeFile(path, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    return content;
  } catch (error) {
    if (alreadyExists(error)) return readJson(path);
    throw error;
  }
};

const readOrCreate = async (path: string, create: () => Promise<unknown>): Promise<unknown> => {
  try {
    return await readJson(path);
  } catch (error) {
    if (!isMissing(error)) throw error;
    return createOnce(path, await create());
  }
};

const newSigningKeySet = async (): Promise<{ keys: SigningJwk[] }> => {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] };
};

const isSigningKeySet = (value: unknown): value is { keys: SigningJwk[] } =>
  typeof value === 'object' &&
  value !== null &&
  'keys' in value &&
  Array.isArray(value.keys) &&
  value.keys.length > 0 &&
  value.keys.every(
    (key: unknown) =>
      typeof key === 'object' && key !== null && 'kid' in key && 'd' in key && 'kty' in key,
  );

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string');

/** The private signing key set under `${dataDir}/idp/jwks.json`, generated on first use only. */
export const loadOrCreateSigningKeys = async (dataDir: string): Promise<{ keys: SigningJwk[] }> => {
  await mkdir(idpDir(dataDir), { recursive: true, mode: 0o700 });
  const jwks = await readOrCreate(jwksPath(dataDir), newSigningKeySet);
  if (!isSigningKeySet(jwks)) {
    throw new Error(
      `${jwksPath(dataDir)} no contiene una clave de firma válida; bórralo para regenerarla.`,
    );
  }
  return jwks;
};

/**
 * Signing keys and cookie secrets stay the same across restarts: tokens already issued keep
 * verifying and browser sessions keep their signed cookies.
 */
export const loadOrCreateSecrets = async (dataDir: string): Promise<IdpSecrets> => {
  const jwks = await loadOrCreateSigningKeys(dataDir);
  const cookieKeys = await readOrCreate(cookieKeysPath(dataDir), async () => [
    randomBytes(32).toString('base64url'),
  ]);
  if (!isStringList(cookieKeys)) {
    throw new Error(
      `${cookieKeysPath(dataDir)} no es una lista de claves; bórralo para regenerarlo.`,
    );
  }
  return { jwks, cookieKeys };
};
