import type { RouteObject } from 'react-router';
import { guarded } from '../../components/guards/guarded-route.js';
import { paths } from '../../config/paths.js';
import { ParteFormPage } from './components/parte-form-page.js';
import { ParteListPage } from './components/parte-list-page.js';
import { CLIENTE_CONFIG } from './parte-config.js';
import type { ParteFormMode } from './utils/form-rules.js';

export type ClientesListPageProps = {
  /** List URL; defaults to the current system's (/clientes, /transporte/clientes, /obras). */
  basePath?: string;
};

/** {base}: "Gestión de Clientes - …". */
export const ClientesListPage = ({ basePath }: ClientesListPageProps) => (
  <ParteListPage config={CLIENTE_CONFIG} {...(basePath ? { basePath } : {})} />
);

export type ClienteFormPageProps = {
  mode: ParteFormMode;
  /** Defaults to the :clienteId route parameter. */
  id?: string;
  basePath?: string;
};

/** {base}/nuevo (create), {base}/:clienteId/editar (edit), {base}/:clienteId (view), SPEC 2.11. */
export const ClienteFormPage = ({ mode, id, basePath }: ClienteFormPageProps) => (
  <ParteFormPage
    config={CLIENTE_CONFIG}
    mode={mode}
    {...(id ? { id } : {})}
    {...(basePath ? { basePath } : {})}
  />
);

type ClientPaths = (typeof paths)['clientes'] | (typeof paths)['transporte']['clientes'];

/** SPEC 2.11 client routes: {base}, {base}/nuevo, {base}/{clienteId}/editar, {base}/{clienteId}. */
const clientRoutes = (routes: ClientPaths): RouteObject[] => {
  const basePath = routes.list.getHref();
  return [
    guarded(routes.list.path, 'clientes.view', <ClientesListPage basePath={basePath} />),
    guarded(
      routes.create.path,
      'clientes.edit',
      <ClienteFormPage mode="create" basePath={basePath} />,
    ),
    guarded(routes.edit.path, 'clientes.edit', <ClienteFormPage mode="edit" basePath={basePath} />),
    guarded(
      routes.detail.path,
      'clientes.view',
      <ClienteFormPage mode="view" basePath={basePath} />,
    ),
  ];
};

export const clientesRoutes: RouteObject[] = [
  ...clientRoutes(paths.clientes),
  ...clientRoutes(paths.transporte.clientes),
];
