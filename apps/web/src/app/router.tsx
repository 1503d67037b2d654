import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { Permission } from '@tvsistema/domain';
import { NotFoundPage } from '../components/errors/not-found-page.js';
import { PageRouteError, RootRouteError } from '../components/errors/route-error.js';
import { UnauthorizedPage } from '../components/errors/unauthorized-page.js';
import { RequireAccess } from '../components/guards/require-access.js';
import { AppLayout } from '../components/layout/app-layout.js';
import { paths } from '../config/paths.js';
import { CiudadesPage } from '../features/localizacion/index.js';
import { ProfilePage } from '../features/profile/profile-page.js';
import { AppRoot } from './app-root.js';
import { ModulePlaceholder, StubPage } from './routes/module-placeholder.js';
import { ClienteFormPage, ClientesListPage } from '../features/partes/clientes-routes.js';
import { ProveedorFormPage, ProveedoresListPage } from '../features/partes/proveedores-routes.js';
import { CallbackRoute, SelectSystemRoute } from './routes/connected.js';
import { DashboardRoute, RootRedirect, UpOneLevel } from './routes/redirects.js';

/** A page behind the route guard of SPEC 2.5 with its permission from the SPEC 6 table. */
const guarded = (path: string, permission: Permission, element: ReactNode): RouteObject => ({
  path,
  element: <RequireAccess permission={permission}>{element}</RequireAccess>,
});

const placeholder = (title: string, screen?: string) => (
  <ModulePlaceholder title={title} {...(screen ? { screen } : {})} />
);

type CrudPaths = {
  list: { path: string };
  create: { path: string };
  edit: { path: string };
  detail: { path: string };
};

/** List, create, edit and detail of a module not built yet (SPEC 2.11, DESIGN decision 6). */
const crudPlaceholders = (
  routes: CrudPaths,
  title: string,
  view: Permission,
  edit: Permission,
  detail: ReactNode = placeholder(title, 'Detalle'),
): RouteObject[] => [
  guarded(routes.list.path, view, placeholder(title)),
  guarded(routes.create.path, edit, placeholder(title, 'Alta')),
  guarded(routes.edit.path, edit, placeholder(title, 'Edición')),
  guarded(routes.detail.path, view, detail),
];

type SupplierPaths = {
  list: { path: string; getHref: () => string };
  create: { path: string; getHref: () => string };
  edit: { path: string };
  legacyCreate: { path: string };
};

export type SupplierScreens = {
  list: ReactNode;
  create: ReactNode;
  edit: ReactNode;
};

/**
 * SPEC 2.12 supplier routes: {base}, {base}/new, {base}/{proveedorId}/edit; {base}/nuevo goes to
 * new, any other path one level up.
 */
const supplierRoutes = (routes: SupplierPaths, screens: SupplierScreens): RouteObject[] => [
  guarded(routes.list.path, 'proveedores.view', screens.list),
  guarded(routes.create.path, 'proveedores.edit', screens.create),
  guarded(routes.edit.path, 'proveedores.edit', screens.edit),
  { path: routes.legacyCreate.path, element: <Navigate to={routes.create.getHref()} replace /> },
  { path: `${routes.list.path}/*`, element: <UpOneLevel /> },
];

export type ClientScreens = SupplierScreens & { detail: ReactNode };

/** SPEC 2.11 client routes: {base}, {base}/nuevo, {base}/{clienteId}/editar, {base}/{clienteId}. */
const clientRoutes = (routes: CrudPaths, screens: ClientScreens): RouteObject[] => [
  guarded(routes.list.path, 'clientes.view', screens.list),
  guarded(routes.create.path, 'clientes.edit', screens.create),
  guarded(routes.edit.path, 'clientes.edit', screens.edit),
  guarded(routes.detail.path, 'clientes.view', screens.detail),
];

const clientScreens = (basePath: string): ClientScreens => ({
  list: <ClientesListPage basePath={basePath} />,
  create: <ClienteFormPage mode="create" basePath={basePath} />,
  edit: <ClienteFormPage mode="edit" basePath={basePath} />,
  detail: <ClienteFormPage mode="view" basePath={basePath} />,
});

const supplierScreens = (basePath: string): SupplierScreens => ({
  list: <ProveedoresListPage basePath={basePath} />,
  create: <ProveedorFormPage mode="create" basePath={basePath} />,
  edit: <ProveedorFormPage mode="edit" basePath={basePath} />,
});

/** Every page inside the application frame (navbar), each with its guard. */
const shellRoutes: RouteObject[] = [
  guarded(paths.dashboard.path, 'session.view', <DashboardRoute />),
  guarded(paths.profile.path, 'session.view', <ProfilePage />),
  guarded(
    paths.transportes.path,
    'redirect.transportes',
    <Navigate to={paths.dashboard.getHref()} replace />,
  ),
  guarded(
    paths.verticales.path,
    'redirect.verticales',
    <Navigate to={paths.obras.list.getHref()} replace />,
  ),

  ...crudPlaceholders(paths.maquinaria, 'Maquinaria', 'maquinaria.view', 'maquinaria.edit'),
  ...crudPlaceholders(paths.andamios, 'Andamios', 'andamios.view', 'andamios.edit'),
  ...crudPlaceholders(paths.conceptos, 'Conceptos de Alquiler', 'conceptos.view', 'conceptos.edit'),
  ...crudPlaceholders(paths.presupuestos, 'Presupuestos', 'presupuestos.view', 'presupuestos.edit'),
  guarded(
    paths.presupuestos.templates.path,
    'presupuestos.view',
    placeholder('Presupuestos', 'Plantillas'),
  ),
  ...crudPlaceholders(paths.alquileres, 'Alquileres', 'alquileres.view', 'alquileres.edit'),
  guarded(
    `${paths.alquileres.files.path}/*`,
    'alquileres.archivos',
    placeholder('Alquileres', 'Archivos'),
  ),
  ...crudPlaceholders(paths.facturas, 'Facturas', 'facturas.view', 'facturas.edit', <StubPage />),
  guarded(
    paths.facturas.transporteCreate.path,
    'facturas.transporte.edit',
    placeholder('Facturas', 'Alta de factura de transporte'),
  ),
  guarded(
    paths.facturas.transporteEdit.path,
    'facturas.transporte.edit',
    placeholder('Facturas', 'Edición de factura de transporte'),
  ),
  ...crudPlaceholders(paths.compras, 'Compras', 'compras.view', 'compras.edit', <StubPage />),
  ...crudPlaceholders(paths.notas, 'Notas', 'notas.view', 'notas.edit', <StubPage />),

  guarded(paths.albaranes.list.path, 'albaranes.view', placeholder('Albaranes')),
  guarded(paths.albaranes.create.path, 'albaranes.edit', placeholder('Albaranes', 'Alta')),
  guarded(paths.albaranes.import.path, 'albaranes.edit', placeholder('Albaranes', 'Importar')),
  guarded(paths.albaranes.editById.path, 'albaranes.edit', placeholder('Albaranes', 'Edición')),
  guarded(paths.albaranes.view.path, 'albaranes.view', placeholder('Albaranes', 'Detalle')),
  guarded(
    paths.albaranes.transporteCreate.path,
    'albaranes.transporte.edit',
    placeholder('Albaranes', 'Alta de albarán de transporte'),
  ),
  guarded(
    paths.albaranes.transporteEdit.path,
    'albaranes.transporte.edit',
    placeholder('Albaranes', 'Edición de albarán de transporte'),
  ),
  guarded(
    paths.albaranes.transporteView.path,
    'albaranes.view',
    placeholder('Albaranes', 'Detalle de albarán de transporte'),
  ),
  guarded(paths.albaranes.createNew.path, 'albaranes.edit', placeholder('Albaranes', 'Alta')),
  guarded(paths.albaranes.edit.path, 'albaranes.edit', placeholder('Albaranes', 'Edición')),
  guarded(paths.albaranes.detail.path, 'albaranes.view', placeholder('Albaranes', 'Detalle')),

  guarded(paths.obras.list.path, 'obras.view', placeholder('Obras')),
  guarded(paths.obras.create.path, 'obras.edit', placeholder('Obras', 'Alta')),
  guarded(paths.obras.edit.path, 'obras.edit', placeholder('Obras', 'Edición')),
  {
    path: `${paths.obras.list.path}/*`,
    element: <Navigate to={paths.obras.list.getHref()} replace />,
  },

  ...clientRoutes(paths.clientes, clientScreens(paths.clientes.list.getHref())),
  ...clientRoutes(
    paths.transporte.clientes,
    clientScreens(paths.transporte.clientes.list.getHref()),
  ),
  ...supplierRoutes(paths.proveedores, supplierScreens(paths.proveedores.list.getHref())),
  ...supplierRoutes(
    paths.transporte.proveedores,
    supplierScreens(paths.transporte.proveedores.list.getHref()),
  ),

  ...crudPlaceholders(
    paths.transporte.camiones,
    'Flota de Vehículos',
    'camiones.view',
    'camiones.edit',
  ),
  guarded(`${paths.transporte.albaranes.path}/*`, 'albaranes.view', placeholder('Albaranes')),
  guarded(`${paths.transporte.facturas.path}/*`, 'facturas.view', placeholder('Facturas')),
  guarded(`${paths.transporte.compras.path}/*`, 'compras.view', placeholder('Compras')),

  guarded(paths.localizacion.ciudades.path, 'ciudades.manage', <CiudadesPage />),
];

/** The whole route table (SPEC 2.1, 2.2, 2.11, 2.12). */
export const appRoutes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RootRouteError />,
    children: [
      { path: paths.home.path, element: <RootRedirect /> },
      { path: paths.selectSystem.path, element: <SelectSystemRoute /> },
      { path: paths.callback.path, element: <CallbackRoute /> },
      { path: paths.unauthorized.path, element: <UnauthorizedPage /> },
      { path: paths.notFound.path, element: <NotFoundPage /> },
      {
        element: <AppLayout />,
        children: [{ errorElement: <PageRouteError />, children: shellRoutes }],
      },
      { path: '*', element: <Navigate to={paths.notFound.getHref()} replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);

export type AppRouter = ReturnType<typeof createAppRouter>;
