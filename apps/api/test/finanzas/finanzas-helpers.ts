import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  fullDireccion,
  ROLES,
  seedLocations,
  type Caller,
  type LocationTree,
} from '../proveedores/partes-helpers.js';

// Finanzas' API tests (finanzas.md §9, "clock fixed"): the real app with "hoy" and the instant
// fixed, a caller per demo role, a location tree, the emisores of the demo world and clients.

export type FinanzasApi = {
  get(url: string, as?: Caller): Promise<LightMyRequestResponse>;
  post(url: string, payload: unknown, as?: Caller): Promise<LightMyRequestResponse>;
  put(url: string, payload: unknown, as?: Caller): Promise<LightMyRequestResponse>;
  delete(url: string, as?: Caller): Promise<LightMyRequestResponse>;
};

export type FinanzasTest = TestApp & {
  api: FinanzasApi;
  tree: LocationTree;
  /** Moves the clock: an ISO instant with offset ("2026-03-02T10:15:00+01:00"). */
  setAhora(instante: string): void;
  crearCliente(
    nombre: string,
    opciones?: { documento?: string | null; empresa?: string; direccion?: boolean },
  ): Promise<string>;
  crearProveedor(nombre: string, documento: string, empresa?: string): Promise<string>;
};

export const dataOf = <T>(r: LightMyRequestResponse): T => (r.json() as { data: T }).data;

const madridDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(d);

export const createFinanzasTest = async (
  ahoraInicial = '2026-03-02T10:15:00+01:00',
): Promise<FinanzasTest> => {
  let ahora = new Date(ahoraInicial);
  const t = await createTestApp({
    today: () => madridDay(ahora),
    now: () => ahora,
    env: { LOG_LEVEL: process.env['DEBUG_LOG'] ?? 'silent' },
  });
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
  const api: FinanzasApi = {
    get: (url, as = 'admin') => call('GET', url, as),
    post: (url, payload, as = 'admin') => call('POST', url, as, payload),
    put: (url, payload, as = 'admin') => call('PUT', url, as, payload),
    delete: (url, as = 'admin') => call('DELETE', url, as),
  };
  const tree = await seedLocations(t);
  const direccion = { ...fullDireccion(tree), planta: null, local: null, observacion: null };
  for (const [empresa, razonSocial, nif, iban] of [
    [
      'alquileres',
      'Alquiler de Maquinaria Mallorca, S.L.',
      'B07654320',
      'ES60 0081 0573 8800 0123 4567',
    ],
    ['transporte', 'Mallorca Transporta, S.L.', 'B07123458', 'ES03 2038 6543 9660 0012 3456'],
  ] as const) {
    const r = await api.put(`/api/facturas/emisores/${empresa}`, {
      razonSocial,
      nif,
      direccion,
      telefono: null,
      email: null,
      iban,
      bic: null,
      registroMercantil: 'Registro Mercantil de Mallorca, hoja PM-7890',
      epigrafeIae: empresa === 'alquileres' ? '852' : '722',
      descripcionOperacion: null,
      diasVencimiento: 30,
      version: 0,
    });
    if (r.statusCode !== 200) throw new Error(`emisor: ${r.body}`);
  }
  return {
    ...t,
    api,
    tree,
    setAhora: (instante) => {
      ahora = new Date(instante);
    },
    crearCliente: async (
      nombre,
      { documento = null, empresa = 'alquileres', direccion: conDireccion = true } = {},
    ) => {
      const r = await api.post('/api/clientes', {
        nombre,
        empresa,
        ...(documento ? { documento } : {}),
        ...(conDireccion ? { direccion } : {}),
      });
      if (r.statusCode !== 201) throw new Error(`crearCliente: ${r.body}`);
      return dataOf<{ _id: string }>(r)._id;
    },
    crearProveedor: async (nombre, documento, empresa = 'alquileres') => {
      const r = await api.post('/api/proveedores', { nombre, empresa, documento, direccion });
      if (r.statusCode !== 201) throw new Error(`crearProveedor: ${r.body}`);
      return dataOf<{ _id: string }>(r)._id;
    },
  };
};

export type FacturaLeida = {
  _id: string;
  numero: string | null;
  estado: string;
  vencida: boolean;
  baseImponible: string;
  cuotaIva: string;
  importeTotal: string;
  pendiente: string;
  cobrado: string;
  fechaVencimiento: string | null;
  fechaExpedicion: string | null;
  version: number;
  desglose: unknown[];
  lineas: { id: string; base: string }[];
  verifactu: { estado: string; huella: string; qrUrl: string | null } | null;
  cobros: { _id: string; importe: string; medio: string }[];
};

export const linea = (precio: string, extra: Record<string, unknown> = {}) => ({
  descripcion: 'Alquiler de maquinaria',
  cantidad: '1',
  precioUnitario: precio,
  tipoIva: 21,
  ...extra,
});

/** A draft (201) of the empresa for a client. */
export const borrador = async (
  t: FinanzasTest,
  clienteId: string,
  lineas: unknown[],
  extra: Record<string, unknown> = {},
  as: Caller = 'admin',
) => {
  const r = await t.api.post(
    '/api/facturas',
    { empresa: 'alquileres', clienteId, lineas, ...extra },
    as,
  );
  if (r.statusCode !== 201) throw new Error(`borrador: ${r.statusCode} ${r.body}`);
  return dataOf<FacturaLeida>(r);
};

export const emitir = async (
  t: FinanzasTest,
  f: { _id: string; version: number },
  as: Caller = 'admin',
) => t.api.post(`/api/facturas/${f._id}/emitir`, { version: f.version }, as);

export const emitida = async (
  t: FinanzasTest,
  clienteId: string,
  lineas: unknown[],
  extra: Record<string, unknown> = {},
) => {
  const f = await borrador(t, clienteId, lineas, extra);
  const r = await emitir(t, f);
  if (r.statusCode !== 200) throw new Error(`emitir: ${r.statusCode} ${r.body}`);
  return dataOf<FacturaLeida>(r);
};
