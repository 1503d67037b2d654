// The public face of the proveedores feature: route elements for the router (SPEC 2.12).
export {
  ProveedoresListPage,
  ProveedorFormPage,
  ProveedorNuevoRedirect,
  ProveedoresUpOneLevel,
} from './proveedores-pages.js';
export type { ProveedoresListPageProps, ProveedorFormPageProps } from './proveedores-pages.js';
