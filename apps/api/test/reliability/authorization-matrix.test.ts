import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { can, normalizeRoles, ROLES } from '@tvsistema/domain/auth';
import type { Role } from '@tvsistema/domain/auth';
import { canAccessEmpresa, EMPRESAS } from '@tvsistema/domain/systems';
import type { Empresa } from '@tvsistema/domain/systems';
import { listRoutePermissions, PLUGIN_PUBLIC_PREFIXES, routeInputsOf } from '../../src/index.js';
import type { RoutePermissionEntry } from '../../src/index.js';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';

// Issue 12.7: every API route × every demo role (each alone, and no role, and no token) × every
// empresa, with the expected answer derived from the permission table (`can`) and the empresa
// scoping rule (`canAccessEmpresa`), never typed by hand. A new module's routes join by themselves.
//
// Expected, in order:
// - no token on a protected route: 401; a public route: never 401/403;
// - `can(roles, permission)` false: 403;
// - the route names an `empresa` in its query or create body and the roles do not reach it: 403;
// - a `/:id` record of an empresa the roles do not reach: 404 (its existence is not revealed);
// - otherwise allowed: 2xx, or 400/404/409 (the generated input may be invalid, the id unknown).

type Caller = { name: string; roles: Role[] | null };

/**
 * Modules that belong to one empresa (flota-obras.md §7, decision 9): on top of the permission, a
 * caller who cannot reach it gets 403 on lists and creates and 404 on a record.
 */
const EMPRESA_DE_MODULO: Readonly<Record<string, Empresa>> = {
  // Logística (logistica.md §7): transport albaranes first, the rental ones under the same prefix.
  '/api/albaranes/transporte': 'transporte',
  '/api/albaranes': 'alquileres',
  '/api/camiones': 'transporte',
  '/api/conductores': 'transporte',
  '/api/obras': 'verticales',
  '/api/operarios': 'verticales',
};
/** The routes of finanzas, whose empresa rule is its own (see `expectedOf`). */
const FINANZAS = ['/api/facturas', '/api/notas', '/api/compras', '/api/verifactu', '/api/fiscal'];
/**
 * Finanzas documents, which need more than `{ nombre, empresa }`: the matrix makes an invoice
 * and a purchase per billing empresa with a real body; a nota needs an issued invoice, so its
 * record cells use an unknown id (404 for whoever passes the permission).
 */
const SIN_REGISTRO = new Set(['/api/facturas', '/api/compras', '/api/notas']);
/** The billing runs of finanzas, each of one empresa whatever the caller asks (finanzas.md §7). */
const EMPRESA_FIJA: Readonly<Record<string, Empresa>> = {
  '/api/facturas/alquileres-pendientes': 'alquileres',
  '/api/facturas/desde-alquileres': 'alquileres',
  '/api/facturas/albaranes-pendientes': 'transporte',
  '/api/facturas/desde-albaranes': 'transporte',
  '/api/facturas/lineas-albaranes': 'transporte',
  '/api/facturas/lineas-alquileres': 'alquileres',
};
/** Finanzas bills alquileres and transporte only (SPEC 2.3: verticales has no finance screens). */
const FACTURABLES: readonly Empresa[] = ['alquileres', 'transporte'];
const CALLERS: Caller[] = [
  { name: 'sin token', roles: null },
  { name: 'sin roles', roles: [] },
  ...ROLES.map((role) => ({ name: role, roles: [role] })),
];
const ALLOWED = new Set([200, 201, 204, 400, 404, 409]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_MAX: '1000000', RATE_LIMIT_ADDRESS_MAX: '1000000' },
  });
});
afterAll(async () => {
  await t?.close();
});

const isPluginRoute = (url: string) =>
  PLUGIN_PUBLIC_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

/** The collection a `/:id` route belongs to, when its POST takes an empresa (a scoped record). */
const scopedCollectionOf = (routes: RoutePermissionEntry[], url: string): string | undefined => {
  const collection = url.replace(/\/:id(\/.*)?$/, '');
  if (collection === url) return undefined;
  const post = routes.find((route) => route.method === 'POST' && route.url === collection);
  return post && routeInputsOf(t.app, 'POST', collection).body.includes('empresa')
    ? collection
    : undefined;
};

// Thousands of requests, each through the real auth: more than the default 30 s on a busy
// two-core machine, hence its own time limit.
test('issue 12.7: authorization matrix from PERMISSIONS, ROLES and the empresa rules', async () => {
  const routes = listRoutePermissions(t.app).filter(
    (route) =>
      route.url.startsWith('/api') && !isPluginRoute(route.url) && !route.url.includes('*'),
  );
  expect(routes.length).toBeGreaterThan(10);

  const tokens = new Map<string, string>();
  for (const caller of CALLERS) {
    if (caller.roles)
      tokens.set(
        caller.name,
        await t.tokens.forRoles(caller.roles, { sub: `auth0|matriz-${caller.name}` }),
      );
  }
  const admin = await t.tokens.forRoles(['administracion'], { sub: 'auth0|matriz-admin' });

  // One record per scoped collection and empresa, created by an administrator.
  const records = new Map<string, string>();
  const unserved = new Set<string>();
  for (const route of routes) {
    const collection = scopedCollectionOf(routes, route.url);
    if (!collection) continue;
    for (const empresa of EMPRESAS) {
      const key = `${collection} ${empresa}`;
      if (records.has(key)) continue;
      const created = await t.app.inject({
        method: 'POST',
        url: collection,
        headers: { authorization: `Bearer ${admin}` },
        payload: { nombre: `Matriz ${empresa}`, empresa },
      });
      // A collection of one empresa (verticales' clients under /api/obras/clientes) refuses the
      // others' records: its cells are checked for its own empresa only.
      if (created.statusCode === 400 && created.body.includes('Solo se admiten')) {
        unserved.add(key);
        continue;
      }
      if (SIN_REGISTRO.has(collection)) {
        const body = await cuerpoDocumento(collection, empresa, admin);
        if (!body) continue;
        const documento = await t.app.inject({
          method: 'POST',
          url: collection,
          headers: { authorization: `Bearer ${admin}` },
          payload: body,
        });
        expect(documento.statusCode, `POST ${collection} (${empresa}): ${documento.body}`).toBe(
          201,
        );
        records.set(key, (documento.json() as { data: { _id: string } }).data._id);
        continue;
      }
      expect(created.statusCode, `POST ${collection} (${empresa})`).toBe(201);
      records.set(key, (created.json() as { data: { _id: string } }).data._id);
    }
  }

  const mismatches: string[] = [];
  let cells = 0;
  for (const route of routes) {
    const inputs = routeInputsOf(t.app, route.method, route.url);
    const collection = scopedCollectionOf(routes, route.url);
    const empresaScoped =
      inputs.query.includes('empresa') ||
      (route.method === 'POST' && inputs.body.includes('empresa'));
    // The empresa only changes the answer where the route names one or reads a scoped record:
    // other routes are checked once (the matrix has thousands of cells).
    const empresas = empresaScoped || collection ? EMPRESAS : EMPRESAS.slice(0, 1);
    for (const empresa of empresas) {
      if (collection && unserved.has(`${collection} ${empresa}`)) continue;
      if (route.method === 'POST' && unserved.has(`${route.url} ${empresa}`)) continue;
      const id = collection ? records.get(`${collection} ${empresa}`) : randomUUID();
      const path = route.url.replace(':id', id ?? randomUUID());
      const url = inputs.query.includes('empresa') ? `${path}?empresa=${empresa}` : path;
      const payload =
        route.method === 'POST'
          ? { nombre: `Matriz ${route.url} ${empresa}`, empresa }
          : route.method === 'PUT'
            ? { nombre: `Matriz ${route.url} ${empresa}` }
            : undefined;
      for (const caller of CALLERS) {
        const token = tokens.get(caller.name);
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(payload ? { payload } : {}),
        });
        cells += 1;
        const status = response.statusCode;
        const expected = expectedOf(
          route,
          caller.roles,
          empresa,
          empresaScoped,
          Boolean(collection),
          Boolean(collection && records.has(`${collection} ${empresa}`)),
        );
        const ok = typeof expected === 'number' ? status === expected : expected.has(status);
        if (!ok) {
          mismatches.push(
            `${route.method} ${url} as ${caller.name}: ${status}, expected ${typeof expected === 'number' ? expected : [...expected].join('/')}`,
          );
        }
      }
    }
  }
  expect(mismatches).toEqual([]);
  // The figure the README quotes.
  console.info(`authorization matrix: ${routes.length} routes, ${cells} cells`);
}, 120_000);

const expectedOf = (
  route: RoutePermissionEntry,
  roles: Role[] | null,
  empresa: Empresa,
  empresaScoped: boolean,
  scopedRecord: boolean,
  realRecord: boolean,
): number | Set<number> => {
  if (route.permission === 'public') return ALLOWED;
  if (roles === null) return 401;
  // The API reads roles as SPEC 5 normalises them (the legacy `maquinaria` also counts as
  // `transportes`), so the expectation does too.
  const effective = normalizeRoles(roles);
  if (!can(effective, route.permission)) return 403;
  if (FINANZAS.some((prefix) => route.url.startsWith(prefix)))
    return finanzasEsperado(route, effective, empresa, empresaScoped, realRecord);
  const bound = Object.entries(EMPRESA_DE_MODULO).find(([prefix]) => route.url.startsWith(prefix));
  if (bound && !canAccessEmpresa(effective, bound[1])) return route.url.includes(':id') ? 404 : 403;
  const reaches = canAccessEmpresa(effective, empresa);
  if (empresaScoped && !reaches) return 403;
  if (scopedRecord && !reaches) return 404;
  return ALLOWED;
};

/**
 * Finanzas' empresa rule (finanzas.md §1 and §7): an empresa's documents are read by whoever
 * reaches its system or holds its edit key (SPEC 6 literal, open point d), and written only with
 * that key (`facturas.edit` for alquileres, `facturas.transporte.edit` for transporte); verticales
 * bills nothing. A record of an empresa the caller cannot read answers 403 (finanzas says so).
 */
const finanzasEsperado = (
  route: RoutePermissionEntry,
  roles: Role[],
  empresa: Empresa,
  empresaScoped: boolean,
  realRecord: boolean,
): number | Set<number> => {
  const fija = EMPRESA_FIJA[route.url];
  const negado = route.method === 'GET' ? 403 : new Set([400, 403]);
  if (fija)
    return can(roles, fija === 'transporte' ? 'facturas.transporte.edit' : 'facturas.edit')
      ? ALLOWED
      : negado;
  if (!empresaScoped && !realRecord) return ALLOWED;
  const clave = empresa === 'transporte' ? 'facturas.transporte.edit' : 'facturas.edit';
  const edita = can(roles, clave);
  const lee = canAccessEmpresa(roles, empresa) || edita;
  // The route's own key (compras.edit, notas.edit, facturacion.fiscal) already passed.
  const propia = !route.permission.startsWith('facturas.');
  if (route.method === 'GET') {
    if (empresaScoped && !FACTURABLES.includes(empresa)) return 400;
    return lee || propia ? ALLOWED : 403;
  }
  // A write's body is checked before the empresa: the matrix's generated one may be a 400.
  return edita || propia ? ALLOWED : negado;
};

/** A valid create body of a finanzas document in a billing empresa, with its own party. */
const cuerpoDocumento = async (collection: string, empresa: Empresa, admin: string) => {
  if (!FACTURABLES.includes(empresa) || collection === '/api/notas') return undefined;
  const tipo = collection === '/api/compras' ? 'proveedores' : 'clientes';
  const parte = await t.app.inject({
    method: 'POST',
    url: `/api/${tipo}`,
    headers: { authorization: `Bearer ${admin}` },
    payload: { nombre: `Matriz ${collection} ${empresa}`, empresa },
  });
  const parteId = (parte.json() as { data: { _id: string } }).data._id;
  if (collection === '/api/compras')
    return {
      empresa,
      proveedorId: parteId,
      numeroFacturaProveedor: `MATRIZ-${empresa}`,
      fechaExpedicion: '2026-01-15',
      lineas: [
        {
          descripcion: 'Matriz',
          base: '10.00',
          tipoIva: 21,
          tratamiento: 'general',
          deduciblePct: '100',
          bienInversion: false,
        },
      ],
    };
  return {
    empresa,
    clienteId: parteId,
    lineas: [{ descripcion: 'Matriz', cantidad: '1', precioUnitario: '10.00', tipoIva: 21 }],
  };
};
