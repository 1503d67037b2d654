import type { RouteObject } from 'react-router';
import { guarded } from '../../components/guards/guarded-route.js';
import { paths } from '../../config/paths.js';
import { LazyPage } from '../../components/ui/page-skeleton.js';
import type { ParteFormPageProps } from './components/parte-form-page.js';
import type { ParteListPageProps } from './components/parte-list-page.js';
import { ClienteFormScreen, ClientesListScreen } from './lazy-pages.js';

/** {base}: "Gestión de Clientes - …"; the base defaults to the current system's (SPEC 2.11). */
export const ClientesListPage = (props: Omit<ParteListPageProps, 'config'>) => (
  <LazyPage>
    <ClientesListScreen {...props} />
  </LazyPage>
);

/** {base}/nuevo (create), {base}/:clienteId/editar (edit), {base}/:clienteId (view), SPEC 2.11. */
export const ClienteFormPage = (props: Omit<ParteFormPageProps, 'config'>) => (
  <LazyPage>
    <ClienteFormScreen {...props} />
  </LazyPage>
);

type ClientPaths = (typeof paths)['clientes'] | (typeof paths)['transporte']['clientes'];

/** SPEC 2.11 client routes: {base}, {base}/nuevo, {base}/{clienteId}/editar, {base}/{clienteId}. */
const clientRoutes = (routes: ClientPaths): RouteObject[] => {
  const basePath = routes.list.getHref();
  return [
    guarded(
      routes.list.path,
      'clientes.view',
      <ClientesListPage basePath={basePath} />,
      ClientesListScreen.preload,
    ),
    guarded(
      routes.create.path,
      'clientes.edit',
      <ClienteFormPage mode="create" basePath={basePath} />,
      ClienteFormScreen.preload,
    ),
    guarded(
      routes.edit.path,
      'clientes.edit',
      <ClienteFormPage mode="edit" basePath={basePath} />,
      ClienteFormScreen.preload,
    ),
    guarded(
      routes.detail.path,
      'clientes.view',
      <ClienteFormPage mode="view" basePath={basePath} />,
      ClienteFormScreen.preload,
    ),
  ];
};

export const clientesRoutes: RouteObject[] = [
  ...clientRoutes(paths.clientes),
  ...clientRoutes(paths.transporte.clientes),
];
