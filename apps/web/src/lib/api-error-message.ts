import { isApiError, NETWORK_ERROR_MESSAGE } from './api-client.js';

/**
 * SPEC 8: "the server message or <fallback>". Only a message the server actually sent counts;
 * the client's generic per-status texts give way to the screen's own fallback. An unreachable
 * server keeps the client's connection message, which tells the user more.
 */
export const serverMessageOr = (error: unknown, fallback: string): string => {
  if (!isApiError(error)) return fallback;
  if (error.status === 0) return NETWORK_ERROR_MESSAGE;
  const message = (error.body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
};
