import { ParteFormPage, ParteListPage, CLIENTE_CONFIG, type ParteFormMode } from './index.js';

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
