import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, listRoutePermissions, loadConfig } from '../src/index.js';
import { createTestApp, createTestDatabase } from './helpers/test-app.js';
import type { TestApp, TestDatabase } from './helpers/test-app.js';
import { createTokenFactory } from './helpers/tokens.js';

describe('a route that needs a permission', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) =>
        app.register(async (instance) => {
          instance.post(
            '/api/test/ciudades',
            { config: { permission: 'ciudades.manage' } },
            async (request) => ({ ok: true, by: request.user?.sub }),
          );
        }),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = async (roles: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/test/ciudades',
      headers: { authorization: `Bearer ${await t.tokens.forRoles(roles)}` },
      payload: {},
    });

  test('answers 403 { message } to a signed-in user whose roles lack it', async () => {
    const response = await call(['empleado', 'alquileres']);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'No tiene permisos para realizar esta acción' });
  });

  test('answers 403 to a user without roles', async () => {
    expect((await call([])).statusCode).toBe(403);
  });

  test('runs the handler for a role the permission table names', async () => {
    const response = await call(['administracion']);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, by: 'auth0|test-user' });
  });

  test('answers 401 before anything else to an anonymous caller', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/ciudades', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('start-up refuses routes without a valid permission', () => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
  });
  afterAll(async () => {
    await testDatabase?.close();
  });

  // Not an async function returning the app: a Fastify instance is thenable, and awaiting it would
  // load the plugins (and throw) before the test calls ready().
  const appWith = async (register: (instance: FastifyInstance) => void) => {
    const tokens = await createTokenFactory();
    const built = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      database: testDatabase.database,
      verifyToken: tokens.verifier,
    });
    built.register(async (instance) => register(instance));
    return { built };
  };

  test('a route that declares no permission makes app.ready() reject', async () => {
    const { built } = await appWith((instance) => {
      instance.get('/api/test/olvidada', async () => ({ ok: true }));
    });
    await expect(built.ready()).rejects.toThrow(
      'Route GET /api/test/olvidada: declares no permission',
    );
    await built.close().catch(() => undefined);
  });

  test('a route with config but no permission makes app.ready() reject', async () => {
    const { built } = await appWith((instance) => {
      instance.get('/api/test/sin-permiso', { config: { rateLimit: false } }, async () => ({
        ok: true,
      }));
    });
    await expect(built.ready()).rejects.toThrow(/declares no permission/);
    await built.close().catch(() => undefined);
  });

  test('an unknown permission makes app.ready() reject', async () => {
    const { built } = await appWith((instance) => {
      instance.get(
        '/api/test/inventada',
        // A typo the type checker would catch; the check also holds for untyped callers.
        { config: { permission: 'ciudades.borrar' as 'public' } },
        async () => ({ ok: true }),
      );
    });
    await expect(built.ready()).rejects.toThrow(
      'Route GET /api/test/inventada: unknown permission "ciudades.borrar"',
    );
    await built.close().catch(() => undefined);
  });
});

/** Routes in one order, whatever order the modules registered them in. */
const byRoute = <R extends { method: string; url: string }>(routes: readonly R[]) =>
  [...routes].sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));

/** logistica.md §6: an import's routes under `base`, all behind the kind's edit key. */
const importacionRoutes = (base: string, permission: string) =>
  (
    [
      ['GET', ''],
      ['POST', ''],
      ['GET', '/plantilla.csv'],
      ['GET', '/mapeos'],
      ['POST', '/mapeos'],
      ['DELETE', '/mapeos/:id'],
      ['GET', '/:id'],
      ['GET', '/:id/filas'],
      ['GET', '/:id/errores'],
      ['GET', '/:id/errores.csv'],
      ['GET', '/:id/informe.csv'],
      ['POST', '/:id/validar'],
      ['POST', '/:id/confirmar'],
    ] as const
  ).map(([method, suffix]) => ({ method, url: `${base}${suffix}`, permission }));

test('every route of the API with its permission', async () => {
  const t = await createTestApp();
  try {
    expect(byRoute(listRoutePermissions(t.app))).toEqual(
      byRoute([
        // Logística's imports (logistica.md §6), the same routes for each kind of albarán.
        ...importacionRoutes('/api/albaranes/importaciones', 'albaranes.edit'),
        ...importacionRoutes(
          '/api/albaranes/transporte/importaciones',
          'albaranes.transporte.edit',
        ),
        // Logística (logistica.md §6): rental and transport albaranes.
        { method: 'GET', url: '/api/albaranes', permission: 'albaranes.view' },
        { method: 'GET', url: '/api/albaranes/export', permission: 'albaranes.view' },
        { method: 'GET', url: '/api/albaranes/saldo', permission: 'albaranes.view' },
        { method: 'GET', url: '/api/albaranes/articulos', permission: 'albaranes.edit' },
        { method: 'POST', url: '/api/albaranes', permission: 'albaranes.edit' },
        { method: 'GET', url: '/api/albaranes/:id', permission: 'albaranes.view' },
        { method: 'PUT', url: '/api/albaranes/:id', permission: 'albaranes.edit' },
        { method: 'DELETE', url: '/api/albaranes/:id', permission: 'albaranes.edit' },
        { method: 'POST', url: '/api/albaranes/:id/emitir', permission: 'albaranes.edit' },
        { method: 'POST', url: '/api/albaranes/:id/firma', permission: 'albaranes.edit' },
        { method: 'POST', url: '/api/albaranes/:id/anular', permission: 'albaranes.edit' },
        {
          method: 'POST',
          url: '/api/albaranes/:id/solicitar-transporte',
          permission: 'albaranes.transporte.edit',
        },
        { method: 'GET', url: '/api/albaranes/:id/verificacion', permission: 'albaranes.view' },
        { method: 'GET', url: '/api/albaranes/:id/firma.png', permission: 'albaranes.view' },
        { method: 'GET', url: '/api/albaranes/:id/pdf', permission: 'albaranes.view' },
        { method: 'GET', url: '/api/albaranes/:id/historial', permission: 'albaranes.view' },
        { method: 'GET', url: '/api/albaranes/transporte', permission: 'albaranes.view' },
        { method: 'GET', url: '/api/albaranes/transporte/export', permission: 'albaranes.view' },
        {
          method: 'GET',
          url: '/api/albaranes/transporte/transportista-propio',
          permission: 'albaranes.view',
        },
        {
          method: 'POST',
          url: '/api/albaranes/transporte',
          permission: 'albaranes.transporte.edit',
        },
        { method: 'GET', url: '/api/albaranes/transporte/:id', permission: 'albaranes.view' },
        {
          method: 'PUT',
          url: '/api/albaranes/transporte/:id',
          permission: 'albaranes.transporte.edit',
        },
        {
          method: 'POST',
          url: '/api/albaranes/transporte/:id/iniciar-ruta',
          permission: 'albaranes.transporte.edit',
        },
        {
          method: 'POST',
          url: '/api/albaranes/transporte/:id/volver-a-pendiente',
          permission: 'albaranes.transporte.edit',
        },
        {
          method: 'POST',
          url: '/api/albaranes/transporte/:id/entregar',
          permission: 'albaranes.transporte.edit',
        },
        {
          method: 'POST',
          url: '/api/albaranes/transporte/:id/anular',
          permission: 'albaranes.transporte.edit',
        },
        {
          method: 'POST',
          url: '/api/albaranes/transporte/:id/inspecciones',
          permission: 'albaranes.transporte.edit',
        },
        {
          method: 'PUT',
          url: '/api/albaranes/transporte/:id/inspecciones/:inspeccionId',
          permission: 'albaranes.transporte.edit',
        },
        {
          method: 'GET',
          url: '/api/albaranes/transporte/:id/verificacion',
          permission: 'albaranes.view',
        },
        {
          method: 'GET',
          url: '/api/albaranes/transporte/:id/firma.png',
          permission: 'albaranes.view',
        },
        { method: 'GET', url: '/api/albaranes/transporte/:id/pdf', permission: 'albaranes.view' },
        {
          method: 'GET',
          url: '/api/albaranes/transporte/:id/historial',
          permission: 'albaranes.view',
        },
        // Finanzas (finanzas.md §6–7).
        { method: 'GET', url: '/api/compras', permission: 'compras.view' },
        { method: 'POST', url: '/api/compras', permission: 'compras.edit' },
        { method: 'GET', url: '/api/compras/:id', permission: 'compras.view' },
        { method: 'PUT', url: '/api/compras/:id', permission: 'compras.edit' },
        { method: 'POST', url: '/api/compras/:id/anular', permission: 'compras.edit' },
        { method: 'GET', url: '/api/compras/:id/archivo', permission: 'compras.view' },
        { method: 'GET', url: '/api/compras/:id/historial', permission: 'compras.view' },
        { method: 'POST', url: '/api/compras/:id/pagos', permission: 'compras.edit' },
        { method: 'DELETE', url: '/api/compras/:id/pagos/:pagoId', permission: 'compras.edit' },
        { method: 'POST', url: '/api/compras/archivos', permission: 'compras.edit' },
        { method: 'GET', url: '/api/compras/export', permission: 'compras.view' },
        { method: 'GET', url: '/api/facturas', permission: 'facturas.view' },
        { method: 'POST', url: '/api/facturas', permission: 'facturas.write' },
        { method: 'DELETE', url: '/api/facturas/:id', permission: 'facturas.write' },
        { method: 'GET', url: '/api/facturas/:id', permission: 'facturas.view' },
        { method: 'PUT', url: '/api/facturas/:id', permission: 'facturas.write' },
        { method: 'POST', url: '/api/facturas/:id/anular', permission: 'facturas.anular' },
        { method: 'POST', url: '/api/facturas/:id/cobros', permission: 'facturas.write' },
        {
          method: 'DELETE',
          url: '/api/facturas/:id/cobros/:cobroId',
          permission: 'facturas.anular',
        },
        { method: 'POST', url: '/api/facturas/:id/emitir', permission: 'facturas.write' },
        { method: 'GET', url: '/api/facturas/:id/historial', permission: 'facturas.view' },
        { method: 'GET', url: '/api/facturas/:id/pdf', permission: 'facturas.view' },
        { method: 'GET', url: '/api/facturas/:id/verifactu', permission: 'facturas.view' },
        { method: 'GET', url: '/api/facturas/albaranes-pendientes', permission: 'facturas.write' },
        { method: 'GET', url: '/api/facturas/alquileres-pendientes', permission: 'facturas.write' },
        {
          method: 'GET',
          url: '/api/facturas/condiciones-cliente/:id',
          permission: 'facturas.view',
        },
        {
          method: 'PUT',
          url: '/api/facturas/condiciones-cliente/:id',
          permission: 'facturas.write',
        },
        { method: 'POST', url: '/api/facturas/desde-albaranes', permission: 'facturas.write' },
        { method: 'POST', url: '/api/facturas/desde-alquileres', permission: 'facturas.write' },
        { method: 'POST', url: '/api/facturas/emitir-lote', permission: 'facturas.write' },
        { method: 'GET', url: '/api/facturas/export', permission: 'facturas.view' },
        { method: 'GET', url: '/api/facturas/lineas-albaranes', permission: 'facturas.write' },
        { method: 'GET', url: '/api/facturas/lineas-alquileres', permission: 'facturas.write' },
        { method: 'GET', url: '/api/fiscal/libro-expedidas', permission: 'facturacion.fiscal' },
        { method: 'GET', url: '/api/fiscal/libro-recibidas', permission: 'facturacion.fiscal' },
        { method: 'GET', url: '/api/fiscal/modelo-347', permission: 'facturacion.fiscal' },
        { method: 'GET', url: '/api/fiscal/modelo-347/export', permission: 'facturacion.fiscal' },
        { method: 'GET', url: '/api/notas', permission: 'notas.view' },
        { method: 'POST', url: '/api/notas', permission: 'notas.edit' },
        { method: 'DELETE', url: '/api/notas/:id', permission: 'notas.edit' },
        { method: 'GET', url: '/api/notas/:id', permission: 'notas.view' },
        { method: 'PUT', url: '/api/notas/:id', permission: 'notas.edit' },
        { method: 'POST', url: '/api/notas/:id/cobros', permission: 'notas.edit' },
        { method: 'DELETE', url: '/api/notas/:id/cobros/:cobroId', permission: 'notas.edit' },
        { method: 'POST', url: '/api/notas/:id/emitir', permission: 'notas.edit' },
        { method: 'GET', url: '/api/notas/:id/historial', permission: 'notas.view' },
        { method: 'GET', url: '/api/notas/:id/pdf', permission: 'notas.view' },
        { method: 'GET', url: '/api/notas/:id/verifactu', permission: 'notas.view' },
        { method: 'GET', url: '/api/notas/export', permission: 'notas.view' },
        { method: 'GET', url: '/api/verifactu/export', permission: 'facturacion.fiscal' },
        { method: 'GET', url: '/api/verifactu/registros', permission: 'facturacion.fiscal' },
        {
          method: 'POST',
          url: '/api/verifactu/registros/:orden/reintentar',
          permission: 'facturacion.fiscal',
        },
        {
          method: 'POST',
          url: '/api/verifactu/registros/:orden/subsanar',
          permission: 'facturacion.fiscal',
        },
        { method: 'GET', url: '/api/verifactu/resumen', permission: 'facturacion.fiscal' },
        {
          method: 'POST',
          url: '/api/verifactu/verificar-cadena',
          permission: 'facturacion.fiscal',
        },
        // Flota (flota-obras.md §6, part A).
        { method: 'GET', url: '/api/camiones', permission: 'camiones.view' },
        { method: 'POST', url: '/api/camiones', permission: 'camiones.edit' },
        { method: 'GET', url: '/api/camiones/export', permission: 'camiones.view' },
        { method: 'GET', url: '/api/camiones/vencimientos', permission: 'camiones.view' },
        { method: 'GET', url: '/api/camiones/:id', permission: 'camiones.view' },
        { method: 'PUT', url: '/api/camiones/:id', permission: 'camiones.edit' },
        { method: 'DELETE', url: '/api/camiones/:id', permission: 'camiones.edit' },
        { method: 'GET', url: '/api/camiones/:id/archivos', permission: 'camiones.view' },
        { method: 'POST', url: '/api/camiones/:id/archivos', permission: 'camiones.edit' },
        {
          method: 'GET',
          url: '/api/camiones/:id/archivos/:archivoId',
          permission: 'camiones.view',
        },
        {
          method: 'DELETE',
          url: '/api/camiones/:id/archivos/:archivoId',
          permission: 'camiones.edit',
        },
        { method: 'GET', url: '/api/camiones/:id/asignaciones', permission: 'camiones.view' },
        { method: 'POST', url: '/api/camiones/:id/estado', permission: 'camiones.edit' },
        { method: 'GET', url: '/api/camiones/:id/historial', permission: 'camiones.view' },
        { method: 'GET', url: '/api/camiones/:id/pdf', permission: 'camiones.view' },
        { method: 'GET', url: '/api/camiones/:id/itv', permission: 'camiones.view' },
        { method: 'POST', url: '/api/camiones/:id/itv', permission: 'camiones.edit' },
        { method: 'PUT', url: '/api/camiones/:id/itv/:itvId', permission: 'camiones.edit' },
        { method: 'DELETE', url: '/api/camiones/:id/itv/:itvId', permission: 'camiones.edit' },
        { method: 'GET', url: '/api/camiones/:id/kilometraje', permission: 'camiones.view' },
        {
          method: 'POST',
          url: '/api/camiones/:id/kilometraje',
          permission: 'camiones.kilometraje',
        },
        {
          method: 'DELETE',
          url: '/api/camiones/:id/kilometraje/:lecturaId',
          permission: 'camiones.edit',
        },
        { method: 'GET', url: '/api/camiones/:id/mantenimientos', permission: 'camiones.view' },
        { method: 'POST', url: '/api/camiones/:id/mantenimientos', permission: 'camiones.edit' },
        {
          method: 'PUT',
          url: '/api/camiones/:id/mantenimientos/:mantenimientoId',
          permission: 'camiones.edit',
        },
        {
          method: 'DELETE',
          url: '/api/camiones/:id/mantenimientos/:mantenimientoId',
          permission: 'camiones.edit',
        },
        { method: 'GET', url: '/api/conductores', permission: 'camiones.view' },
        { method: 'POST', url: '/api/conductores', permission: 'camiones.edit' },
        { method: 'GET', url: '/api/conductores/:id', permission: 'camiones.view' },
        { method: 'PUT', url: '/api/conductores/:id', permission: 'camiones.edit' },
        { method: 'GET', url: '/api/conductores/:id/historial', permission: 'camiones.view' },
        // Comercial (comercial.md §6).
        { method: 'GET', url: '/api/presupuestos', permission: 'presupuestos.view' },
        { method: 'POST', url: '/api/presupuestos', permission: 'presupuestos.edit' },
        { method: 'GET', url: '/api/presupuestos/export', permission: 'presupuestos.view' },
        { method: 'GET', url: '/api/presupuestos/plantillas', permission: 'presupuestos.view' },
        { method: 'POST', url: '/api/presupuestos/plantillas', permission: 'presupuestos.edit' },
        { method: 'GET', url: '/api/presupuestos/plantillas/:id', permission: 'presupuestos.view' },
        { method: 'PUT', url: '/api/presupuestos/plantillas/:id', permission: 'presupuestos.edit' },
        {
          method: 'DELETE',
          url: '/api/presupuestos/plantillas/:id',
          permission: 'presupuestos.edit',
        },
        { method: 'GET', url: '/api/presupuestos/:id', permission: 'presupuestos.view' },
        { method: 'PUT', url: '/api/presupuestos/:id', permission: 'presupuestos.edit' },
        { method: 'DELETE', url: '/api/presupuestos/:id', permission: 'presupuestos.edit' },
        { method: 'POST', url: '/api/presupuestos/:id/enviar', permission: 'presupuestos.edit' },
        { method: 'POST', url: '/api/presupuestos/:id/aceptar', permission: 'presupuestos.edit' },
        {
          method: 'POST',
          url: '/api/presupuestos/:id/actualizar-precios',
          permission: 'presupuestos.edit',
        },
        { method: 'POST', url: '/api/presupuestos/:id/rechazar', permission: 'presupuestos.edit' },
        { method: 'POST', url: '/api/presupuestos/:id/renovar', permission: 'presupuestos.edit' },
        { method: 'POST', url: '/api/presupuestos/:id/duplicar', permission: 'presupuestos.edit' },
        {
          method: 'GET',
          url: '/api/presupuestos/:id/disponibilidad',
          permission: 'presupuestos.view',
        },
        { method: 'GET', url: '/api/presupuestos/:id/historial', permission: 'presupuestos.view' },
        { method: 'GET', url: '/api/presupuestos/:id/pdf', permission: 'presupuestos.view' },
        { method: 'GET', url: '/api/alquileres', permission: 'alquileres.view' },
        { method: 'POST', url: '/api/alquileres', permission: 'alquileres.edit' },
        { method: 'GET', url: '/api/alquileres/export', permission: 'alquileres.view' },
        { method: 'GET', url: '/api/alquileres/opciones/clientes', permission: 'alquileres.edit' },
        { method: 'GET', url: '/api/alquileres/calendario', permission: 'alquileres.view' },
        { method: 'GET', url: '/api/alquileres/agenda', permission: 'alquileres.view' },
        { method: 'GET', url: '/api/alquileres/:id', permission: 'alquileres.view' },
        { method: 'PUT', url: '/api/alquileres/:id', permission: 'alquileres.edit' },
        {
          method: 'POST',
          url: '/api/alquileres/:id/actualizar-precios',
          permission: 'alquileres.edit',
        },
        { method: 'POST', url: '/api/alquileres/:id/cambiar-fin', permission: 'alquileres.edit' },
        { method: 'POST', url: '/api/alquileres/:id/baja', permission: 'alquileres.edit' },
        { method: 'POST', url: '/api/alquileres/:id/finalizar', permission: 'alquileres.edit' },
        { method: 'POST', url: '/api/alquileres/:id/cancelar', permission: 'alquileres.edit' },
        { method: 'PUT', url: '/api/alquileres/:id/fianza', permission: 'alquileres.edit' },
        { method: 'GET', url: '/api/alquileres/:id/historial', permission: 'alquileres.view' },
        { method: 'GET', url: '/api/alquileres/:id/facturacion', permission: 'alquileres.view' },
        { method: 'GET', url: '/api/alquileres/:id/pdf', permission: 'alquileres.view' },
        { method: 'GET', url: '/api/alquileres/:id/archivos', permission: 'alquileres.archivos' },
        { method: 'POST', url: '/api/alquileres/:id/archivos', permission: 'alquileres.archivos' },
        {
          method: 'GET',
          url: '/api/alquileres/:id/archivos/:archivoId/descarga',
          permission: 'alquileres.archivos',
        },
        {
          method: 'DELETE',
          url: '/api/alquileres/:id/archivos/:archivoId',
          permission: 'alquileres.archivos',
        },
        // Inventario (inventario.md §6).
        { method: 'GET', url: '/api/andamios', permission: 'andamios.view' },
        { method: 'POST', url: '/api/andamios', permission: 'andamios.edit' },
        { method: 'DELETE', url: '/api/andamios/:id', permission: 'andamios.edit' },
        { method: 'GET', url: '/api/andamios/:id', permission: 'andamios.view' },
        { method: 'PUT', url: '/api/andamios/:id', permission: 'andamios.edit' },
        { method: 'GET', url: '/api/andamios/:id/historial', permission: 'andamios.view' },
        { method: 'GET', url: '/api/andamios/:id/movimientos', permission: 'andamios.view' },
        { method: 'POST', url: '/api/andamios/:id/movimientos', permission: 'andamios.edit' },
        { method: 'POST', url: '/api/andamios/:id/recuento', permission: 'andamios.edit' },
        { method: 'POST', url: '/api/andamios/:id/reparaciones', permission: 'andamios.stock' },
        { method: 'GET', url: '/api/andamios/export', permission: 'andamios.view' },
        { method: 'GET', url: '/api/andamios/inventario/pdf', permission: 'andamios.view' },
        { method: 'GET', url: '/api/andamios/resumen', permission: 'andamios.view' },
        { method: 'GET', url: '/api/conceptos', permission: 'conceptos.view' },
        { method: 'POST', url: '/api/conceptos', permission: 'conceptos.edit' },
        { method: 'DELETE', url: '/api/conceptos/:id', permission: 'conceptos.edit' },
        { method: 'GET', url: '/api/conceptos/:id', permission: 'conceptos.view' },
        { method: 'PUT', url: '/api/conceptos/:id', permission: 'conceptos.edit' },
        { method: 'GET', url: '/api/conceptos/:id/historial', permission: 'conceptos.view' },
        { method: 'GET', url: '/api/conceptos/export', permission: 'conceptos.view' },
        { method: 'GET', url: '/api/conceptos/pdf', permission: 'conceptos.view' },
        {
          method: 'GET',
          url: '/api/inventario/componentes/:id/disponibilidad',
          permission: 'inventario.consultar',
        },
        {
          method: 'GET',
          url: '/api/inventario/componentes/opciones',
          permission: 'inventario.consultar',
        },
        {
          method: 'GET',
          url: '/api/inventario/conceptos/opciones',
          permission: 'inventario.consultar',
        },
        {
          method: 'POST',
          url: '/api/inventario/disponibilidad',
          permission: 'inventario.consultar',
        },
        {
          method: 'GET',
          url: '/api/inventario/maquinas/opciones',
          permission: 'inventario.consultar',
        },
        { method: 'GET', url: '/api/inventario/resumen', permission: 'inventario.consultar' },
        { method: 'GET', url: '/api/maquinaria', permission: 'maquinaria.view' },
        { method: 'POST', url: '/api/maquinaria', permission: 'maquinaria.edit' },
        { method: 'DELETE', url: '/api/maquinaria/:id', permission: 'maquinaria.edit' },
        { method: 'GET', url: '/api/maquinaria/:id', permission: 'maquinaria.view' },
        { method: 'PUT', url: '/api/maquinaria/:id', permission: 'maquinaria.edit' },
        { method: 'POST', url: '/api/maquinaria/:id/baja', permission: 'maquinaria.edit' },
        { method: 'GET', url: '/api/maquinaria/:id/documentos', permission: 'maquinaria.view' },
        { method: 'POST', url: '/api/maquinaria/:id/documentos', permission: 'maquinaria.edit' },
        {
          method: 'DELETE',
          url: '/api/maquinaria/:id/documentos/:docId',
          permission: 'maquinaria.edit',
        },
        {
          method: 'GET',
          url: '/api/maquinaria/:id/documentos/:docId/archivo',
          permission: 'maquinaria.view',
        },
        { method: 'GET', url: '/api/maquinaria/:id/foto', permission: 'maquinaria.view' },
        { method: 'PUT', url: '/api/maquinaria/:id/foto', permission: 'maquinaria.edit' },
        { method: 'GET', url: '/api/maquinaria/:id/historial', permission: 'maquinaria.view' },
        { method: 'GET', url: '/api/maquinaria/:id/horometro', permission: 'maquinaria.view' },
        { method: 'POST', url: '/api/maquinaria/:id/horometro', permission: 'maquinaria.taller' },
        {
          method: 'DELETE',
          url: '/api/maquinaria/:id/horometro/:lecturaId',
          permission: 'maquinaria.edit',
        },
        { method: 'GET', url: '/api/maquinaria/:id/mantenimientos', permission: 'maquinaria.view' },
        {
          method: 'POST',
          url: '/api/maquinaria/:id/mantenimientos',
          permission: 'maquinaria.taller',
        },
        {
          method: 'PUT',
          url: '/api/maquinaria/:id/mantenimientos/:mid',
          permission: 'maquinaria.taller',
        },
        {
          method: 'POST',
          url: '/api/maquinaria/:id/mantenimientos/:mid/cancelar',
          permission: 'maquinaria.taller',
        },
        {
          method: 'POST',
          url: '/api/maquinaria/:id/mantenimientos/:mid/finalizar',
          permission: 'maquinaria.taller',
        },
        {
          method: 'POST',
          url: '/api/maquinaria/:id/mantenimientos/:mid/iniciar',
          permission: 'maquinaria.taller',
        },
        { method: 'GET', url: '/api/maquinaria/:id/ocupacion', permission: 'maquinaria.view' },
        { method: 'GET', url: '/api/maquinaria/:id/pdf', permission: 'maquinaria.view' },
        { method: 'POST', url: '/api/maquinaria/:id/reactivar', permission: 'maquinaria.edit' },
        { method: 'GET', url: '/api/maquinaria/export', permission: 'maquinaria.view' },
        { method: 'GET', url: '/api/clientes', permission: 'clientes.view' },
        { method: 'POST', url: '/api/clientes', permission: 'clientes.edit' },
        { method: 'GET', url: '/api/clientes/:id', permission: 'clientes.view' },
        { method: 'PUT', url: '/api/clientes/:id', permission: 'clientes.edit' },
        { method: 'GET', url: '/api/clientes/:id/historial', permission: 'clientes.view' },
        { method: 'GET', url: '/api/clientes/:id/pdf', permission: 'clientes.view' },
        { method: 'GET', url: '/api/clientes/export', permission: 'clientes.view' },
        { method: 'GET', url: '/api/config', permission: 'public' },
        { method: 'GET', url: '/api/docs', permission: 'public' },
        { method: 'HEAD', url: '/api/docs/', permission: 'public' },
        { method: 'GET', url: '/api/docs/json', permission: 'public' },
        { method: 'GET', url: '/api/docs/static/*', permission: 'public' },
        { method: 'GET', url: '/api/docs/static/index.html', permission: 'public' },
        { method: 'GET', url: '/api/docs/static/swagger-initializer.js', permission: 'public' },
        { method: 'GET', url: '/api/docs/yaml', permission: 'public' },
        {
          method: 'GET',
          url: '/api/facturas/emisores/:empresa',
          permission: 'facturacion.fiscal',
        },
        {
          method: 'PUT',
          url: '/api/facturas/emisores/:empresa',
          permission: 'facturacion.fiscal',
        },
        { method: 'GET', url: '/api/health', permission: 'public' },
        { method: 'GET', url: '/api/localizacion/calles', permission: 'localizacion.view' },
        { method: 'POST', url: '/api/localizacion/calles', permission: 'localizacion.create' },
        { method: 'DELETE', url: '/api/localizacion/calles/:id', permission: 'ciudades.manage' },
        { method: 'GET', url: '/api/localizacion/calles/:id', permission: 'localizacion.view' },
        { method: 'PUT', url: '/api/localizacion/calles/:id', permission: 'ciudades.manage' },
        {
          method: 'GET',
          url: '/api/localizacion/calles/:id/dependencias',
          permission: 'localizacion.view',
        },
        {
          method: 'GET',
          url: '/api/localizacion/calles/:id/historial',
          permission: 'localizacion.view',
        },
        { method: 'GET', url: '/api/localizacion/ciudades', permission: 'localizacion.view' },
        { method: 'POST', url: '/api/localizacion/ciudades', permission: 'localizacion.create' },
        { method: 'DELETE', url: '/api/localizacion/ciudades/:id', permission: 'ciudades.manage' },
        { method: 'GET', url: '/api/localizacion/ciudades/:id', permission: 'localizacion.view' },
        { method: 'PUT', url: '/api/localizacion/ciudades/:id', permission: 'ciudades.manage' },
        {
          method: 'GET',
          url: '/api/localizacion/ciudades/:id/dependencias',
          permission: 'localizacion.view',
        },
        {
          method: 'GET',
          url: '/api/localizacion/ciudades/:id/historial',
          permission: 'localizacion.view',
        },
        {
          method: 'GET',
          url: '/api/localizacion/codigos-postales',
          permission: 'localizacion.view',
        },
        {
          method: 'POST',
          url: '/api/localizacion/codigos-postales',
          permission: 'localizacion.create',
        },
        {
          method: 'DELETE',
          url: '/api/localizacion/codigos-postales/:id',
          permission: 'ciudades.manage',
        },
        {
          method: 'GET',
          url: '/api/localizacion/codigos-postales/:id',
          permission: 'localizacion.view',
        },
        {
          method: 'PUT',
          url: '/api/localizacion/codigos-postales/:id',
          permission: 'ciudades.manage',
        },
        {
          method: 'GET',
          url: '/api/localizacion/codigos-postales/:id/dependencias',
          permission: 'localizacion.view',
        },
        {
          method: 'GET',
          url: '/api/localizacion/codigos-postales/:id/historial',
          permission: 'localizacion.view',
        },
        { method: 'GET', url: '/api/localizacion/municipios', permission: 'localizacion.view' },
        { method: 'POST', url: '/api/localizacion/municipios', permission: 'localizacion.create' },
        {
          method: 'DELETE',
          url: '/api/localizacion/municipios/:id',
          permission: 'ciudades.manage',
        },
        { method: 'GET', url: '/api/localizacion/municipios/:id', permission: 'localizacion.view' },
        { method: 'PUT', url: '/api/localizacion/municipios/:id', permission: 'ciudades.manage' },
        {
          method: 'GET',
          url: '/api/localizacion/municipios/:id/dependencias',
          permission: 'localizacion.view',
        },
        {
          method: 'GET',
          url: '/api/localizacion/municipios/:id/historial',
          permission: 'localizacion.view',
        },
        { method: 'GET', url: '/api/localizacion/paises', permission: 'localizacion.view' },
        { method: 'POST', url: '/api/localizacion/paises', permission: 'localizacion.create' },
        { method: 'DELETE', url: '/api/localizacion/paises/:id', permission: 'ciudades.manage' },
        { method: 'GET', url: '/api/localizacion/paises/:id', permission: 'localizacion.view' },
        { method: 'PUT', url: '/api/localizacion/paises/:id', permission: 'ciudades.manage' },
        {
          method: 'GET',
          url: '/api/localizacion/paises/:id/dependencias',
          permission: 'localizacion.view',
        },
        {
          method: 'GET',
          url: '/api/localizacion/paises/:id/historial',
          permission: 'localizacion.view',
        },
        { method: 'GET', url: '/api/localizacion/provincias', permission: 'localizacion.view' },
        { method: 'POST', url: '/api/localizacion/provincias', permission: 'localizacion.create' },
        {
          method: 'DELETE',
          url: '/api/localizacion/provincias/:id',
          permission: 'ciudades.manage',
        },
        { method: 'GET', url: '/api/localizacion/provincias/:id', permission: 'localizacion.view' },
        { method: 'PUT', url: '/api/localizacion/provincias/:id', permission: 'ciudades.manage' },
        {
          method: 'GET',
          url: '/api/localizacion/provincias/:id/dependencias',
          permission: 'localizacion.view',
        },
        {
          method: 'GET',
          url: '/api/localizacion/provincias/:id/historial',
          permission: 'localizacion.view',
        },
        { method: 'GET', url: '/api/me', permission: 'session.view' },
        // Obras (flota-obras.md §6, part B).
        { method: 'GET', url: '/api/obras', permission: 'obras.view' },
        { method: 'POST', url: '/api/obras', permission: 'obras.edit' },
        { method: 'GET', url: '/api/obras/export', permission: 'obras.view' },
        { method: 'GET', url: '/api/obras/planificacion', permission: 'obras.view' },
        { method: 'GET', url: '/api/obras/clientes', permission: 'obras.view' },
        { method: 'POST', url: '/api/obras/clientes', permission: 'obras.edit' },
        { method: 'GET', url: '/api/obras/clientes/export', permission: 'obras.view' },
        { method: 'GET', url: '/api/obras/clientes/:id', permission: 'obras.view' },
        { method: 'PUT', url: '/api/obras/clientes/:id', permission: 'obras.edit' },
        { method: 'GET', url: '/api/obras/clientes/:id/historial', permission: 'obras.view' },
        { method: 'GET', url: '/api/obras/clientes/:id/pdf', permission: 'obras.view' },
        { method: 'GET', url: '/api/obras/:id', permission: 'obras.view' },
        { method: 'PUT', url: '/api/obras/:id', permission: 'obras.edit' },
        { method: 'GET', url: '/api/obras/:id/historial', permission: 'obras.view' },
        { method: 'POST', url: '/api/obras/:id/estado', permission: 'obras.edit' },
        { method: 'PUT', url: '/api/obras/:id/equipo', permission: 'obras.edit' },
        { method: 'GET', url: '/api/obras/:id/pdf', permission: 'obras.view' },
        { method: 'GET', url: '/api/obras/:id/documentos', permission: 'obras.view' },
        { method: 'POST', url: '/api/obras/:id/documentos', permission: 'obras.edit' },
        { method: 'GET', url: '/api/obras/:id/documentos/:archivoId', permission: 'obras.view' },
        { method: 'DELETE', url: '/api/obras/:id/documentos/:archivoId', permission: 'obras.edit' },
        { method: 'GET', url: '/api/obras/:id/partes-trabajo', permission: 'obras.view' },
        { method: 'POST', url: '/api/obras/:id/partes-trabajo', permission: 'obras.edit' },
        { method: 'GET', url: '/api/obras/:id/partes-trabajo/:parteId', permission: 'obras.view' },
        { method: 'PUT', url: '/api/obras/:id/partes-trabajo/:parteId', permission: 'obras.edit' },
        {
          method: 'DELETE',
          url: '/api/obras/:id/partes-trabajo/:parteId',
          permission: 'obras.edit',
        },
        {
          method: 'POST',
          url: '/api/obras/:id/partes-trabajo/:parteId/cerrar',
          permission: 'obras.edit',
        },
        {
          method: 'POST',
          url: '/api/obras/:id/partes-trabajo/:parteId/reabrir',
          permission: 'obras.edit',
        },
        {
          method: 'GET',
          url: '/api/obras/:id/partes-trabajo/:parteId/pdf',
          permission: 'obras.view',
        },
        {
          method: 'GET',
          url: '/api/obras/:id/partes-trabajo/:parteId/fotos',
          permission: 'obras.view',
        },
        {
          method: 'POST',
          url: '/api/obras/:id/partes-trabajo/:parteId/fotos',
          permission: 'obras.edit',
        },
        {
          method: 'GET',
          url: '/api/obras/:id/partes-trabajo/:parteId/fotos/:archivoId',
          permission: 'obras.view',
        },
        {
          method: 'DELETE',
          url: '/api/obras/:id/partes-trabajo/:parteId/fotos/:archivoId',
          permission: 'obras.edit',
        },
        {
          method: 'GET',
          url: '/api/obras/:id/partes-trabajo/:parteId/fotos/:archivoId/miniatura',
          permission: 'obras.view',
        },
        {
          method: 'PUT',
          url: '/api/obras/:id/partes-trabajo/:parteId/fotos/:archivoId/miniatura',
          permission: 'obras.edit',
        },
        { method: 'GET', url: '/api/operarios', permission: 'obras.view' },
        { method: 'POST', url: '/api/operarios', permission: 'obras.edit' },
        { method: 'GET', url: '/api/operarios/:id', permission: 'obras.view' },
        { method: 'PUT', url: '/api/operarios/:id', permission: 'obras.edit' },
        { method: 'GET', url: '/api/operarios/:id/historial', permission: 'obras.view' },
        // Each user's own preferences (issue 14, decision 0044).
        { method: 'GET', url: '/api/preferencias', permission: 'session.view' },
        { method: 'PUT', url: '/api/preferencias', permission: 'session.view' },
        { method: 'GET', url: '/api/proveedores', permission: 'proveedores.view' },
        { method: 'POST', url: '/api/proveedores', permission: 'proveedores.edit' },
        { method: 'GET', url: '/api/proveedores/:id', permission: 'proveedores.view' },
        { method: 'PUT', url: '/api/proveedores/:id', permission: 'proveedores.edit' },
        { method: 'GET', url: '/api/proveedores/:id/historial', permission: 'proveedores.view' },
        { method: 'GET', url: '/api/proveedores/:id/pdf', permission: 'proveedores.view' },
        { method: 'GET', url: '/api/proveedores/:id/archivos', permission: 'proveedores.view' },
        { method: 'POST', url: '/api/proveedores/:id/archivos', permission: 'proveedores.edit' },
        {
          method: 'GET',
          url: '/api/proveedores/:id/archivos/:archivoId',
          permission: 'proveedores.view',
        },
        {
          method: 'DELETE',
          url: '/api/proveedores/:id/archivos/:archivoId',
          permission: 'proveedores.edit',
        },
        { method: 'GET', url: '/api/proveedores/export', permission: 'proveedores.view' },
      ]),
    );
  } finally {
    await t.close();
  }
});
