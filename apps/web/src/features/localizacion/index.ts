// The public face of the localización feature: other features import only from here.
export { AddressPicker, ADDRESS_LABELS } from './components/address-picker.js';
export type { AddressPickerProps } from './components/address-picker.js';
export { CiudadesPage } from './components/ciudades-page.js';
export {
  DEFAULT_DIRECCION_CANDIDATES,
  defaultDireccionQueryOptions,
  findDefaultDireccion,
  useDefaultDireccion,
} from './api/find-default-direccion.js';
export { localizacionKeys } from './api/localizacion-keys.js';
export { isEmptyDireccion } from './utils/cascade.js';
