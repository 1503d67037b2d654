// Shared supplier/client screens (DESIGN decision 1). Features bind them to a party type; only
// features/proveedores and features/clientes should import from here.
export { CLIENTE_CONFIG, PROVEEDOR_CONFIG, type ParteConfig } from './parte-config.js';
export { ParteListPage, type ParteListPageProps } from './components/parte-list-page.js';
export { ParteFormPage, type ParteFormPageProps } from './components/parte-form-page.js';
export type { ParteFormMode } from './utils/form-rules.js';
export type { ParteListLocationState } from './parte-base-path.js';
