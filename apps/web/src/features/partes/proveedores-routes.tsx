import { Navigate, useLocation, type RouteObject } from 'react-router';
import { guarded } from '../../components/guards/guarded-route.js';
import { paths } from '../../config/paths.js';
import { LazyPage } from '../../components/ui/page-skeleton.js';
import type { ParteFormPageProps } from './components/parte-form-page.js';
import type { ParteListPageProps } from './components/parte-list-page.js';
import { ProveedorFormScreen, ProveedoresListScreen } from './lazy-pages.js';

/** {base}: "Gestión de Proveedores - …"; the base defaults to the current system's (SPEC 2.12). */
export const ProveedoresListPage = (props: Omit<ParteListPageProps, 'config'>) => (
  <LazyPage>
    <ProveedoresListScreen {...props} />
  </LazyPage>
);

/** {base}/new (mode create), {base}/:proveedorId/edit (mode edit); view mode is read-only. */
export const ProveedorFormPage = (props: Omit<ParteFormPageProps, 'config'>) => (
  <LazyPage>
    <ProveedorFormScreen {...props} />
  </LazyPage>
);

/** {base}/nuevo → {base}/new (SPEC 2.12); mount it on the `nuevo` child route. */
export const ProveedorNuevoRedirect = () => <Navigate to="../new" relative="path" replace />;

/** Any other path under {base} goes up one level (SPEC 2.12); mount it on the `*` child route. */
export const ProveedoresUpOneLevel = () => {
  const { pathname } = useLocation();
  const parent = pathname.replace(/\/+$/, '').replace(/\/[^/]*$/, '') || '/';
  return <Navigate to={parent} replace />;
};

type SupplierPaths = (typeof paths)['proveedores'] | (typeof paths)['transporte']['proveedores'];

/**
 * SPEC 2.12 supplier routes under one base: {base}, {base}/new, {base}/{proveedorId}/edit;
 * {base}/nuevo goes to new, any other path one level up.
 */
const supplierRoutes = (routes: SupplierPaths) => {
  const basePath = routes.list.getHref();
  return [
    guarded(
      routes.list.path,
      'proveedores.view',
      <ProveedoresListPage basePath={basePath} />,
      ProveedoresListScreen.preload,
    ),
    guarded(
      routes.create.path,
      'proveedores.edit',
      <ProveedorFormPage mode="create" basePath={basePath} />,
      ProveedorFormScreen.preload,
    ),
    guarded(
      routes.edit.path,
      'proveedores.edit',
      <ProveedorFormPage mode="edit" basePath={basePath} />,
      ProveedorFormScreen.preload,
    ),
    { path: routes.legacyCreate.path, element: <ProveedorNuevoRedirect /> },
    { path: `${routes.list.path}/*`, element: <ProveedoresUpOneLevel /> },
  ] satisfies RouteObject[];
};

export const proveedoresRoutes: RouteObject[] = [
  ...supplierRoutes(paths.proveedores),
  ...supplierRoutes(paths.transporte.proveedores),
];
