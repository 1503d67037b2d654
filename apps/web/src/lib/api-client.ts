import { MESSAGES, TIMINGS } from '@tvsistema/domain';
import { appEvents as defaultEvents, type AppEvents } from './app-events.js';

export const DEFAULT_TIMEOUT_MS = TIMINGS.apiTimeout;
export const NETWORK_ERROR_MESSAGE = MESSAGES.http.noConnection;
export const UNAUTHORIZED_MESSAGE = MESSAGES.http.unauthorized;
export const TOKEN_EXPIRED_MESSAGE = MESSAGES.http.tokenExpired;
export const UNEXPECTED_RESPONSE_MESSAGE = 'Respuesta inesperada del servidor.';

const DEFAULT_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Datos inválidos',
  401: UNAUTHORIZED_MESSAGE,
  403: 'No tienes permisos para realizar esta acción.',
  404: 'El recurso solicitado no existe.',
  409: 'La operación entra en conflicto con datos existentes.',
  429: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
};

/** The Spanish message shown when the server gives none. */
export const defaultMessageForStatus = (status: number): string =>
  DEFAULT_STATUS_MESSAGES[status] ??
  (status >= 500
    ? 'Error del servidor. Inténtalo de nuevo más tarde.'
    : `No se pudo completar la solicitud (HTTP ${status}).`);

/**
 * Any failed call. `status` is 0 when no HTTP response arrived (network failure, timeout).
 * `errors` carries the server's per-field list of a 400, untouched, for form mapping.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errors: readonly unknown[] | undefined;
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    details: { errors?: readonly unknown[]; body?: unknown; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = status;
    this.errors = details.errors;
    this.body = details.body;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export type QueryValue = string | number | boolean | null | undefined;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  method?: HttpMethod;
  /** Query-string parameters; null and undefined ones are left out. */
  query?: Readonly<Record<string, QueryValue>>;
  /** Sent as JSON. */
  body?: unknown;
  /** Cancels the request (TanStack Query passes one); the cancellation is rethrown as is. */
  signal?: AbortSignal;
  headers?: Readonly<Record<string, string>>;
};

type BodylessOptions = Omit<RequestOptions, 'method' | 'body'>;
type BodyOptions = Omit<RequestOptions, 'method'>;

export type ApiClient = {
  request: <T>(path: string, options?: RequestOptions) => Promise<T>;
  get: <T>(path: string, options?: BodylessOptions) => Promise<T>;
  delete: <T>(path: string, options?: BodylessOptions) => Promise<T>;
  post: <T>(path: string, body?: unknown, options?: BodyOptions) => Promise<T>;
  put: <T>(path: string, body?: unknown, options?: BodyOptions) => Promise<T>;
  patch: <T>(path: string, body?: unknown, options?: BodyOptions) => Promise<T>;
};

export type ApiClientOptions = {
  /** Origin (or prefix) of the API; '' means the page's own origin. */
  baseUrl?: string;
  timeoutMs?: number;
  /** Bearer token source; no Authorization header when absent or when it yields undefined. */
  getAccessToken?: () => Promise<string | undefined>;
  events?: AppEvents;
  fetch?: typeof fetch;
};

const buildUrl = (baseUrl: string, path: string, query: RequestOptions['query']): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `${path.includes('?') ? '&' : '?'}${search}` : ''}`;
};

const readBody = async (
  response: Response,
): Promise<{ ok: true; value: unknown } | { ok: false }> => {
  const text = await response.text();
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;

const serverMessage = (body: unknown): string | undefined => {
  const message = field(body, 'message');
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
};

export const createApiClient = (options: ApiClientOptions = {}): ApiClient => {
  const {
    baseUrl = '',
    timeoutMs = DEFAULT_TIMEOUT_MS,
    getAccessToken,
    events = defaultEvents,
    fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
  } = options;

  const authorization = async (): Promise<string | undefined> => {
    if (!getAccessToken) return undefined;
    try {
      return await getAccessToken();
    } catch (cause) {
      // The identity SDK's error stays reachable as `cause` for the session's token-error handler.
      throw new ApiError(401, UNAUTHORIZED_MESSAGE, { cause });
    }
  };

  const request = async <T>(path: string, requestOptions: RequestOptions = {}): Promise<T> => {
    const { method = 'GET', query, body, signal, headers: extraHeaders } = requestOptions;
    events.emit('user-activity', { source: 'api-request' });

    const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const token = await authorization();
    if (token) headers.Authorization = `Bearer ${token}`;
    signal?.throwIfAborted();

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) forwardAbort();
    else signal?.addEventListener('abort', forwardAbort, { once: true });

    let response: Response;
    let parsed: Awaited<ReturnType<typeof readBody>>;
    try {
      response = await fetchImpl(buildUrl(baseUrl, path, query), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
      // Inside the timer too: a server that sends headers and then stalls is just as unreachable.
      parsed = await readBody(response);
    } catch (cause) {
      if (signal?.aborted && !timedOut) throw signal.reason ?? cause;
      throw new ApiError(0, NETWORK_ERROR_MESSAGE, { cause });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
    const payload = parsed.ok ? parsed.value : undefined;

    if (response.status === 401) {
      const message = serverMessage(payload) ?? UNAUTHORIZED_MESSAGE;
      events.emit('unauthorized', { message });
      events.emit('token-expired', { message: TOKEN_EXPIRED_MESSAGE });
      throw new ApiError(401, message, { body: payload });
    }
    if (!response.ok) {
      const errors = field(payload, 'errors');
      throw new ApiError(
        response.status,
        serverMessage(payload) ?? defaultMessageForStatus(response.status),
        { body: payload, ...(Array.isArray(errors) ? { errors } : {}) },
      );
    }
    // A 2xx that is not JSON is usually the SPA's index.html answering an unknown /api path.
    if (!parsed.ok) throw new ApiError(response.status, UNEXPECTED_RESPONSE_MESSAGE);
    return payload as T;
  };

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
  };
};
