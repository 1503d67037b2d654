// The public face of the localización feature: its routes for the app, and what other features'
// forms need for an address (the picker and the default-address lookup). Kept to that, so a
// sibling importing it does not pull the whole feature.
export { localizacionRoutes } from './localizacion-routes.js';
export { AddressPicker } from './components/address-picker.js';
export type { AddressPickerProps } from './components/address-picker.js';
export { findDefaultDireccion } from './api/find-default-direccion.js';
export { isEmptyDireccion } from './utils/cascade.js';
