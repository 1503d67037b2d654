import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { API_MESSAGES, HttpError } from './errors.js';

// Requests per signed-in user per minute (RATE_LIMIT_MAX). The per-address limit
// (@fastify/rate-limit, RATE_LIMIT_ADDRESS_MAX) runs first and bounds anonymous and total traffic
// from one address; this one gives each user behind a shared address (an office's NAT) a budget
// of their own. @fastify/rate-limit cannot stack two limits on one request (its second hook sees
// the request as already counted), hence this small fixed-window counter.

export const RATE_LIMIT_WINDOW_MS = 60_000;
/** Users counted at once; the least recently seen are forgotten first. */
const USERS_MAX = 100_000;

export type UserRateLimitOptions = {
  max: number;
  /** The verified token's `sub`, or undefined for an anonymous or invalid token (auth answers those). */
  subjectOf: (request: FastifyRequest) => Promise<string | undefined>;
  /** Requests never counted (health probes). */
  exempt?: (request: FastifyRequest) => boolean;
  now?: () => number;
};

export const userRateLimit = ({ max, subjectOf, exempt, now = Date.now }: UserRateLimitOptions) => {
  const windows = new LRUCache<string, { count: number; resetAt: number }>({ max: USERS_MAX });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (exempt?.(request)) return;
    const sub = await subjectOf(request);
    if (sub === undefined) return;
    const time = now();
    let window = windows.get(sub);
    if (!window || window.resetAt <= time) {
      window = { count: 0, resetAt: time + RATE_LIMIT_WINDOW_MS };
      windows.set(sub, window);
    }
    window.count += 1;
    const resetSeconds = Math.max(1, Math.ceil((window.resetAt - time) / 1000));
    reply.header('x-ratelimit-user-limit', String(max));
    reply.header('x-ratelimit-user-remaining', String(Math.max(0, max - window.count)));
    if (window.count > max) {
      throw new HttpError(429, API_MESSAGES.tooManyRequests, {
        headers: { 'retry-after': String(resetSeconds) },
      });
    }
  };
};
