export const PREFERENCIAS_API = '/api/preferencias';

/** Keyed by the user's subject: another user signing in on the same tab never reads the cache. */
export const preferenciasKeys = {
  all: ['preferencias'] as const,
  deUsuario: (sub: string) => ['preferencias', sub] as const,
};
