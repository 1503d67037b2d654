import { ParteFormPage, type ParteFormPageProps } from './components/parte-form-page.js';
import { CLIENTE_CONFIG, PROVEEDOR_CONFIG } from './parte-config.js';

// Loaded lazily (lazy-pages.tsx), apart from the lists: the form brings zod, react-hook-form and
// the address picker, which a list never needs.
type Props = Omit<ParteFormPageProps, 'config'>;

export const ProveedorFormScreen = (props: Props) => (
  <ParteFormPage config={PROVEEDOR_CONFIG} {...props} />
);
export const ClienteFormScreen = (props: Props) => (
  <ParteFormPage config={CLIENTE_CONFIG} {...props} />
);
