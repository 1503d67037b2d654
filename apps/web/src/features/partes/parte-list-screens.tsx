import { ParteListPage, type ParteListPageProps } from './components/parte-list-page.js';
import { CLIENTE_CONFIG, PROVEEDOR_CONFIG } from './parte-config.js';

// Loaded lazily (lazy-pages.tsx): the configs import the domain's partes schemas, so they stay
// out of the entry chunk with the screens that use them.
type Props = Omit<ParteListPageProps, 'config'>;

export const ProveedoresListScreen = (props: Props) => (
  <ParteListPage config={PROVEEDOR_CONFIG} {...props} />
);
export const ClientesListScreen = (props: Props) => (
  <ParteListPage config={CLIENTE_CONFIG} {...props} />
);
