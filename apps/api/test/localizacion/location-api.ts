import type { TestApp } from '../helpers/test-app.js';

// Calls to /api/localizacion as a user with some roles (administracion unless told), for tests.

export const BASE = '/api/localizacion';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type CallOptions = { roles?: string[]; payload?: unknown; anonymous?: boolean };
export type Reply = { status: number; body: Record<string, unknown> & { data?: unknown } };

export type LocationRecord = Record<string, unknown> & { _id: string };

export const locationApi = (t: TestApp) => {
  const tokens = new Map<string, Promise<string>>();
  const tokenFor = (roles: string[]) => {
    const key = roles.join(',');
    let token = tokens.get(key);
    if (!token) tokens.set(key, (token = t.tokens.forRoles(roles)));
    return token;
  };

  const call = async (method: Method, path: string, options: CallOptions = {}): Promise<Reply> => {
    // Like the screens, a PUT carries the version it read: tests of other rules send the current
    // one unless their payload says a version itself.
    if (method === 'PUT' && options.payload && typeof options.payload === 'object') {
      if (!('version' in options.payload)) {
        const read = await call('GET', path);
        const version = (read.body.data as { version?: number } | undefined)?.version;
        if (read.status === 200 && version !== undefined) {
          options = { ...options, payload: { ...options.payload, version } };
        }
      }
    }
    const headers: Record<string, string> = options.anonymous
      ? {}
      : { authorization: `Bearer ${await tokenFor(options.roles ?? ['administracion'])}` };
    const response = await t.app.inject({
      method,
      url: `${BASE}${path}`,
      headers,
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
    return { status: response.statusCode, body: response.json() };
  };

  /** Creates as administracion and returns the record; fails the test on anything but 201. */
  const create = async (
    level: string,
    payload: Record<string, unknown>,
  ): Promise<LocationRecord> => {
    const reply = await call('POST', `/${level}`, { payload });
    if (reply.status !== 201) {
      throw new Error(`POST ${level} → ${reply.status} ${JSON.stringify(reply.body)}`);
    }
    return reply.body.data as LocationRecord;
  };

  /** País → provincia → municipio → ciudad, created through the API. */
  const hierarchy = async (suffix = '') => {
    const pais = await create('paises', { nombre: `Tierra ${suffix}`, codigo: 'TT' });
    const provincia = await create('provincias', { nombre: `Comarca ${suffix}`, paisId: pais._id });
    const municipio = await create('municipios', {
      nombre: `Villa ${suffix}`,
      provinciaId: provincia._id,
    });
    const ciudad = await create('ciudades', {
      nombre: `Villa ${suffix}`,
      provinciaId: provincia._id,
      municipioId: municipio._id,
    });
    return { pais, provincia, municipio, ciudad };
  };

  const names = (reply: Reply, field = 'nombre') =>
    (reply.body.data as LocationRecord[]).map((row) => row[field]);

  return { call, create, hierarchy, names };
};

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
