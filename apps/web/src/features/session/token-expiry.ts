/**
 * When a JWT access token expires (ms since epoch), read from its `exp` claim; null for an opaque
 * or unreadable token. The signature is not checked: this only schedules a renewal.
 */
export const tokenExpiresAt = (token: string): number | null => {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replaceAll('-', '+').replaceAll('_', '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const claims: unknown = JSON.parse(atob(padded));
    const exp =
      typeof claims === 'object' && claims !== null ? (claims as { exp?: unknown }).exp : null;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
};
