// The public face of the localización feature: other features import only from here.
export { AddressPicker } from './components/address-picker.js';
export type { AddressPickerProps } from './components/address-picker.js';
export { CiudadesPage } from './components/ciudades-page.js';
