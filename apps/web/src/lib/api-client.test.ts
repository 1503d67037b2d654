import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  NETWORK_ERROR_MESSAGE,
  TOKEN_EXPIRED_MESSAGE,
  UNAUTHORIZED_MESSAGE,
} from './api-client.js';
import { createAppEvents, type AppEventMap } from './app-events.js';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

const setup = (
  respond: (...args: Parameters<typeof fetch>) => Promise<Response>,
  options: { getAccessToken?: () => Promise<string | undefined>; timeoutMs?: number } = {},
) => {
  const fetchMock: FetchMock = vi.fn<typeof fetch>(respond);
  const events = createAppEvents();
  const seen: { name: keyof AppEventMap; payload: unknown }[] = [];
  for (const name of ['user-activity', 'unauthorized', 'token-expired'] as const) {
    events.on(name, (payload) => seen.push({ name, payload }));
  }
  const api = createApiClient({ fetch: fetchMock, events, ...options });
  return { api, fetchMock, seen };
};

const requestInit = (fetchMock: FetchMock, call = 0) => {
  const init = fetchMock.mock.calls[call]?.[1];
  if (!init) throw new Error('fetch was not called');
  return { url: fetchMock.mock.calls[call]?.[0], init, headers: new Headers(init.headers) };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('createApiClient', () => {
  it('returns the parsed JSON body of a successful response', async () => {
    const { api } = setup(async () => jsonResponse(200, { sub: 'u1', roles: ['empleado'] }));
    await expect(api.get('/api/me')).resolves.toEqual({ sub: 'u1', roles: ['empleado'] });
  });

  it('sends the bearer token from the token getter', async () => {
    const { api, fetchMock } = setup(async () => jsonResponse(200, {}), {
      getAccessToken: async () => 'abc.def.ghi',
    });
    await api.get('/api/me');
    expect(requestInit(fetchMock).headers.get('Authorization')).toBe('Bearer abc.def.ghi');
  });

  it('sends no Authorization header without a token', async () => {
    const { api, fetchMock } = setup(async () => jsonResponse(200, {}), {
      getAccessToken: async () => undefined,
    });
    await api.get('/api/config');
    expect(requestInit(fetchMock).headers.has('Authorization')).toBe(false);
  });

  it('sends JSON bodies and builds the query string, leaving out empty parameters', async () => {
    const { api, fetchMock } = setup(async () => jsonResponse(201, { _id: '1' }));
    await api.post(
      '/api/proveedores',
      { nombre: 'Ferretería' },
      {
        query: { empresa: 'alquileres', page: 2, activo: true, searchTerm: undefined, sort: null },
      },
    );
    const { url, init, headers } = requestInit(fetchMock);
    expect(url).toBe('/api/proveedores?empresa=alquileres&page=2&activo=true');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ nombre: 'Ferretería' }));
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('resolves undefined for an empty success response', async () => {
    const { api } = setup(async () => new Response(null, { status: 204 }));
    await expect(api.delete('/api/localizacion/paises/1')).resolves.toBeUndefined();
  });

  it('raises a user-activity event on every request', async () => {
    const { api, seen } = setup(async () => jsonResponse(200, {}));
    await api.get('/api/a');
    await api.get('/api/b').catch(() => undefined);
    expect(seen.filter((event) => event.name === 'user-activity')).toHaveLength(2);
  });

  it('on 401 emits unauthorized with the server message and token-expired, then rejects', async () => {
    const { api, seen } = setup(async () => jsonResponse(401, { message: 'Token caducado' }));
    const error = await api.get('/api/me').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Token caducado' });
    expect(seen.filter((event) => event.name !== 'user-activity')).toEqual([
      { name: 'unauthorized', payload: { message: 'Token caducado' } },
      { name: 'token-expired', payload: { message: TOKEN_EXPIRED_MESSAGE } },
    ]);
  });

  it('on 401 without a server message uses "Error de autenticación"', async () => {
    const { api, seen } = setup(async () => new Response('', { status: 401 }));
    await expect(api.get('/api/me')).rejects.toMatchObject({
      status: 401,
      message: UNAUTHORIZED_MESSAGE,
    });
    expect(seen).toContainEqual({
      name: 'unauthorized',
      payload: { message: UNAUTHORIZED_MESSAGE },
    });
  });

  it('propagates the server message and field errors of a JSON error body', async () => {
    const errors = [{ path: 'nombre', message: 'El nombre es obligatorio' }];
    const { api, seen } = setup(async () =>
      jsonResponse(400, { message: 'Datos inválidos', errors }),
    );
    const error = await api.post('/api/proveedores', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Datos inválidos', errors });
    expect(seen.some((event) => event.name === 'unauthorized')).toBe(false);
  });

  it('uses a Spanish default when the error body has no message', async () => {
    const { api } = setup(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('/api/proveedores')).rejects.toMatchObject({
      status: 502,
      message: 'Error del servidor. Inténtalo de nuevo más tarde.',
    });
  });

  it('turns a network failure into the no-connection message', async () => {
    const { api } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/api/me')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('gives up after the timeout with the no-connection message', async () => {
    vi.useFakeTimers();
    const { api, fetchMock } = setup(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        }),
      { timeoutMs: 10_000 },
    );
    const outcome = api.get('/api/me').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(requestInit(fetchMock).init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('rethrows a cancellation by the caller instead of reporting a lost connection', async () => {
    const { api, fetchMock } = setup(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          if (init?.signal?.aborted) reject(init.signal.reason);
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const controller = new AbortController();
    const outcome = api
      .get('/api/me', { signal: controller.signal })
      .catch((caught: unknown) => caught);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    controller.abort(new DOMException('cancelled', 'AbortError'));
    const error = await outcome;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('does not send a request the caller has already cancelled', async () => {
    const { api, fetchMock } = setup(async () => jsonResponse(200, {}));
    const controller = new AbortController();
    controller.abort(new DOMException('cancelled', 'AbortError'));
    await expect(api.get('/api/me', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a success response that is not JSON', async () => {
    const { api } = setup(async () => new Response('<!doctype html>', { status: 200 }));
    await expect(api.get('/api/config')).rejects.toMatchObject({ status: 200 });
  });

  it('wraps a failing token getter as an authentication error, keeping the cause', async () => {
    const cause = Object.assign(new Error('Login required'), { error: 'login_required' });
    const { api, fetchMock } = setup(async () => jsonResponse(200, {}), {
      getAccessToken: async () => {
        throw cause;
      },
    });
    const error = await api.get('/api/me').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, message: UNAUTHORIZED_MESSAGE, cause });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
