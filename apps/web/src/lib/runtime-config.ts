import { createContext, useContext } from 'react';
import type { ApiClient } from './api-client.js';

/**
 * What the SPA learns from the server at start-up (GET /api/config), so one build serves the
 * embedded identity provider and a real Auth0 tenant alike.
 */
export type AuthRuntimeConfig = {
  /** Host name ("tenant.eu.auth0.com") or full origin ("http://localhost:3001"). */
  domain: string;
  clientId: string;
  audience: string;
  claimsNamespace: string;
  organization?: string;
};

export type RuntimeConfig = { auth: AuthRuntimeConfig };

export const RUNTIME_CONFIG_PATH = '/api/config';
export const INVALID_RUNTIME_CONFIG_MESSAGE =
  'La configuración recibida del servidor no es válida.';

const nonEmptyString = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

/** Checks the shape by hand: the payload is tiny and the web keeps no schemas of its own. */
export const parseRuntimeConfig = (raw: unknown): RuntimeConfig => {
  const auth =
    typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).auth : undefined;
  if (typeof auth !== 'object' || auth === null) throw new Error(INVALID_RUNTIME_CONFIG_MESSAGE);
  const { domain, clientId, audience, claimsNamespace, organization } = auth as Record<
    string,
    unknown
  >;
  if (
    !nonEmptyString(domain) ||
    !nonEmptyString(clientId) ||
    !nonEmptyString(audience) ||
    !nonEmptyString(claimsNamespace) ||
    (organization !== undefined && organization !== null && typeof organization !== 'string')
  ) {
    throw new Error(INVALID_RUNTIME_CONFIG_MESSAGE);
  }
  return {
    auth: {
      domain,
      clientId,
      audience,
      claimsNamespace,
      ...(nonEmptyString(organization) ? { organization } : {}),
    },
  };
};

export const fetchRuntimeConfig = async (
  api: ApiClient,
  signal?: AbortSignal,
): Promise<RuntimeConfig> =>
  parseRuntimeConfig(await api.get<unknown>(RUNTIME_CONFIG_PATH, signal ? { signal } : {}));

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export const useRuntimeConfig = (): RuntimeConfig => {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig debe usarse dentro de RuntimeConfigLoader');
  return config;
};
