import { Navigate } from 'react-router';
import { ParteFormPage, ParteListPage, PROVEEDOR_CONFIG, type ParteFormMode } from './index.js';

export type ProveedoresListPageProps = {
  /** List URL; defaults to the current system's (/proveedores, /transporte/proveedores, /obras). */
  basePath?: string;
};

/** {base}: "Gestión de Proveedores - …" (SPEC 2.12). */
export const ProveedoresListPage = ({ basePath }: ProveedoresListPageProps) => (
  <ParteListPage config={PROVEEDOR_CONFIG} {...(basePath ? { basePath } : {})} />
);

export type ProveedorFormPageProps = {
  mode: ParteFormMode;
  /** Defaults to the :proveedorId route parameter. */
  id?: string;
  basePath?: string;
};

/** {base}/new (mode create), {base}/:proveedorId/edit (mode edit); view mode is read-only. */
export const ProveedorFormPage = ({ mode, id, basePath }: ProveedorFormPageProps) => (
  <ParteFormPage
    config={PROVEEDOR_CONFIG}
    mode={mode}
    {...(id ? { id } : {})}
    {...(basePath ? { basePath } : {})}
  />
);

/** {base}/nuevo → {base}/new (SPEC 2.12); mount it on the `nuevo` child route. */
export const ProveedorNuevoRedirect = () => <Navigate to="../new" relative="path" replace />;

/** Any other path under {base} goes up one level (SPEC 2.12); mount it on the `*` child route. */
export const ProveedoresUpOneLevel = () => <Navigate to=".." relative="path" replace />;
