import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';

// Shared by the supplier and client API tests: callers by role and a small location tree.

/** Demo accounts of DESIGN's identity provider contract, as role lists. */
export const ROLES = {
  admin: ['administracion'],
  empleado: ['empleado'],
  alquileres: ['alquileres'],
  transportes: ['transportes'],
  maquinaria: ['maquinaria'],
  arquitecto: ['arquitecto'],
  operaciones: ['operaciones', 'alquileres', 'transportes'],
  sinRoles: [],
} as const satisfies Record<string, readonly string[]>;

export type Caller = keyof typeof ROLES;

export type Api = {
  get(url: string, as?: Caller): Promise<LightMyRequestResponse>;
  post(url: string, payload: unknown, as?: Caller): Promise<LightMyRequestResponse>;
  put(url: string, payload: unknown, as?: Caller): Promise<LightMyRequestResponse>;
};

export const apiFor = (t: TestApp): Api => {
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
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, as: Caller, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${await tokenOf(as)}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  /**
   * Like the form, a PUT carries the version it read: tests of other rules send the current one
   * (read as administracion) unless their payload says a version itself.
   */
  const withCurrentVersion = async (url: string, payload: unknown) => {
    if (!payload || typeof payload !== 'object' || 'version' in payload) return payload;
    const read = await call('GET', url, 'admin');
    if (read.statusCode !== 200) return payload;
    return { ...payload, version: read.json<{ data: { version: number } }>().data.version };
  };
  return {
    get: (url, as = 'admin') => call('GET', url, as),
    post: (url, payload, as = 'admin') => call('POST', url, as, payload),
    put: async (url, payload, as = 'admin') =>
      call('PUT', url, as, await withCurrentVersion(url, payload)),
  };
};

export type LocationTree = {
  paisId: string;
  otroPaisId: string;
  provinciaId: string;
  otraProvinciaId: string;
  municipioId: string;
  otroMunicipioId: string;
  ciudadId: string;
  otraCiudadId: string;
  calleId: string;
  otraCalleId: string;
  codigoPostalId: string;
  otroCodigoPostalId: string;
};

/**
 * Two branches of the location hierarchy (names unlikely to clash with reference data), straight
 * into the tables: the party tests check addresses, not the location API.
 */
export const seedLocations = async (t: TestApp): Promise<LocationTree> =>
  t.database.withSession(async (session) => {
    const one = async (text: string, params: unknown[]) => {
      const [row] = await session.query<{ id: string }>(`${text} returning id`, params);
      if (!row) throw new Error(`No row from: ${text}`);
      return row.id;
    };
    const pais = (nombre: string) =>
      one('insert into paises (nombre, nombre_busqueda) values ($1, lower($1))', [nombre]);
    const provincia = (nombre: string, paisId: string) =>
      one('insert into provincias (nombre, nombre_busqueda, pais_id) values ($1, lower($1), $2)', [
        nombre,
        paisId,
      ]);
    const municipio = (nombre: string, provinciaId: string) =>
      one(
        'insert into municipios (nombre, nombre_busqueda, provincia_id) values ($1, lower($1), $2)',
        [nombre, provinciaId],
      );
    const ciudad = (nombre: string, provinciaId: string, municipioId: string) =>
      one(
        'insert into ciudades (nombre, nombre_busqueda, provincia_id, municipio_id) values ($1, lower($1), $2, $3)',
        [nombre, provinciaId, municipioId],
      );
    const calle = (nombre: string, ciudadId: string) =>
      one('insert into calles (nombre, nombre_busqueda, ciudad_id) values ($1, lower($1), $2)', [
        nombre,
        ciudadId,
      ]);
    const codigoPostal = (valor: string, ciudadId: string) =>
      one('insert into codigos_postales (valor, ciudad_id) values ($1, $2)', [valor, ciudadId]);

    const paisId = await pais('PAÍS DE PRUEBA CRM');
    const otroPaisId = await pais('OTRO PAÍS DE PRUEBA CRM');
    const provinciaId = await provincia('ILLES BALEARS CRM', paisId);
    const otraProvinciaId = await provincia('PROVINCIA AJENA CRM', otroPaisId);
    const municipioId = await municipio('PALMA CRM', provinciaId);
    const otroMunicipioId = await municipio('SÓLLER CRM', provinciaId);
    const ciudadId = await ciudad('PALMA DE MALLORCA CRM', provinciaId, municipioId);
    const otraCiudadId = await ciudad('PORT DE SÓLLER CRM', provinciaId, otroMunicipioId);
    return {
      paisId,
      otroPaisId,
      provinciaId,
      otraProvinciaId,
      municipioId,
      otroMunicipioId,
      ciudadId,
      otraCiudadId,
      calleId: await calle('CALLE DE SANT MIQUEL', ciudadId),
      otraCalleId: await calle('CARRER DE LA MAR', otraCiudadId),
      codigoPostalId: await codigoPostal('07002', ciudadId),
      otroCodigoPostalId: await codigoPostal('07108', otraCiudadId),
    };
  });

/** A full address on the first branch of seedLocations. */
export const fullDireccion = (tree: LocationTree) => ({
  paisId: tree.paisId,
  provinciaId: tree.provinciaId,
  municipioId: tree.municipioId,
  ciudadId: tree.ciudadId,
  calleId: tree.calleId,
  codigoPostalId: tree.codigoPostalId,
  altura: 12,
  planta: '2º',
  local: 'B',
  observacion: 'Entrada por la plaza',
});

/**
 * A test app with seedLocations' tree, opened before the calling file's tests and closed after
 * them. The fields are set once `beforeAll` has run: read them inside tests and hooks.
 */
export const useAppWithLocations = () => {
  const app = {} as { t: TestApp; api: Api; tree: LocationTree };
  beforeAll(async () => {
    app.t = await createTestApp();
    app.api = apiFor(app.t);
    app.tree = await seedLocations(app.t);
  });
  afterAll(async () => {
    await app.t?.close();
  });
  return app;
};
