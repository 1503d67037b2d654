import { createApiClient, type ApiClient } from '../lib/api-client.js';
import { createAppEvents } from '../lib/app-events.js';

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
};

export type FakeResponse = { status?: number; body?: unknown };

export type FakeHandler = {
  method: string;
  /** Exact path, or a pattern for paths with ids. */
  path: string | RegExp;
  respond: (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;
};

/**
 * A real API client over a scripted fetch: screens meet the same ApiError, unwrapping and query
 * strings as in production. Unscripted calls answer 404, and every call is recorded.
 */
export const createFakeApi = (handlers: FakeHandler[] = []) => {
  const calls: FakeRequest[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    calls.push(request);
    const handler = [...handlers]
      .reverse()
      .find(
        (candidate) =>
          candidate.method === request.method &&
          (typeof candidate.path === 'string'
            ? candidate.path === request.path
            : candidate.path.test(request.path)),
      );
    const { status = 200, body } = handler
      ? await handler.respond(request)
      : { status: 404, body: { message: `Sin guion para ${request.method} ${request.path}` } };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  const api: ApiClient = createApiClient({ fetch: fetchImpl, events: createAppEvents() });
  return {
    api,
    calls,
    on: (method: string, path: string | RegExp, respond: FakeHandler['respond']) => {
      handlers.push({ method, path, respond });
    },
    /** Calls to one method and path, in order. */
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
};

export type FakeApi = ReturnType<typeof createFakeApi>;
