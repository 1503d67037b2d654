import { multipart } from '../helpers/multipart.js';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ROLES, type Caller } from '../proveedores/partes-helpers.js';

// Inventario's API tests: the real app with "hoy" fixed (inventario.md §9: "clock fixed") and a
// caller per demo role.

export type InventarioApi = {
  get(url: string, as?: Caller): Promise<LightMyRequestResponse>;
  post(url: string, payload: unknown, as?: Caller): Promise<LightMyRequestResponse>;
  put(url: string, payload: unknown, as?: Caller): Promise<LightMyRequestResponse>;
  delete(url: string, as?: Caller): Promise<LightMyRequestResponse>;
  /** A multipart upload: text fields first, then the file as `archivo`. */
  upload(
    url: string,
    campos: Record<string, string>,
    archivo: { nombre: string; contenido: Buffer },
    as?: Caller,
    method?: 'POST' | 'PUT',
  ): Promise<LightMyRequestResponse>;
};

export type InventarioTest = TestApp & {
  api: InventarioApi;
  /** Moves "hoy" (YYYY-MM-DD). */
  setHoy(fecha: string): void;
};

export const createInventarioTest = async (
  hoy = '2026-03-01',
  env: NodeJS.ProcessEnv = {},
): Promise<InventarioTest> => {
  let today = hoy;
  const t = await createTestApp({ today: () => today, env });
  const tokens = new Map<Caller, Promise<string>>();
  const tokenOf = (as: Caller) => {
    let token = tokens.get(as);
    if (!token) {
      token = t.tokens.forRoles([...ROLES[as]], {
        sub: `auth0|${as}`,
        email: `${as}@tvsistema.test`,
      });
      tokens.set(as, token);
    }
    return token;
  };
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as: Caller,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${await tokenOf(as)}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    ...t,
    setHoy: (fecha) => {
      today = fecha;
    },
    api: {
      get: (url, as = 'admin') => call('GET', url, as),
      post: (url, payload, as = 'admin') => call('POST', url, as, payload),
      put: (url, payload, as = 'admin') => call('PUT', url, as, payload),
      delete: (url, as = 'admin') => call('DELETE', url, as),
      upload: async (url, campos, archivo, as = 'admin', method = 'POST') => {
        const { payload, headers } = multipart(archivo, campos);
        return t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${await tokenOf(as)}`, ...headers },
          payload,
        });
      },
    },
  };
};

export const dataOf = <T = Record<string, unknown>>(response: LightMyRequestResponse) =>
  response.json<{ data: T }>().data;
