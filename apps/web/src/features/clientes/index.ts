// The public face of the clientes feature: route elements for the router (SPEC 2.11).
export { ClientesListPage, ClienteFormPage } from './clientes-pages.js';
export type { ClientesListPageProps, ClienteFormPageProps } from './clientes-pages.js';
