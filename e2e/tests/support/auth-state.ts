import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ACCOUNTS } from './accounts.js';

export type AccountKey = keyof typeof ACCOUNTS;

/** An empty storage state: a spec about signing in, out or choosing a system starts from here. */
export const SIGNED_OUT = { cookies: [], origins: [] };

/** Where the folder of saved sign-ins lives (gitignored; emptied by the config at each run). */
export const AUTH_DIR = fileURLToPath(new URL('../../.auth/', import.meta.url));

/**
 * The storage state `auth.setup.ts` saved for an account: the provider's cookie and the identity
 * SDK's tokens in local storage. Good only for the run that wrote it (fresh data dir and keys).
 */
export const authFile = (account: AccountKey) => `${AUTH_DIR}${account}.json`;

type StorageEntry = { name: string; value: string };
type SavedState = { origins?: { origin: string; localStorage?: StorageEntry[] }[] };

/**
 * The access token the identity SDK cached among local storage entries: its API-audience entry
 * (the one that is not the `@@user@@` entry) holds `body.access_token`.
 */
export const accessTokenIn = (entries: readonly StorageEntry[]): string | null => {
  for (const { name, value } of entries) {
    if (!name.startsWith('@@auth0spajs@@') || name.includes('@@user@@')) continue;
    const entry = JSON.parse(value) as { body?: { access_token?: string } };
    if (entry.body?.access_token) return entry.body.access_token;
  }
  return null;
};

/** The API token kept in a saved storage state, for seeding before the first page load. */
export const savedAccessToken = (stateFile: string, appOrigin: string): string => {
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as SavedState;
  const origin = state.origins?.find((entry) => entry.origin === appOrigin);
  const token = accessTokenIn(origin?.localStorage ?? []);
  if (!token) throw new Error(`${stateFile} no guarda un token de acceso para ${appOrigin}`);
  return token;
};
