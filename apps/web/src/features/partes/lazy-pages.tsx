import { lazyScreen } from '../../lib/lazy-screen.js';

// Issue 13: the list and form screens (and zod, react-hook-form, the address picker with the
// form) are chunks of their own, fetched when a partes route is first shown.
export const ProveedoresListScreen = lazyScreen(() =>
  import('./parte-list-screens.js').then((module) => ({ default: module.ProveedoresListScreen })),
);
export const ClientesListScreen = lazyScreen(() =>
  import('./parte-list-screens.js').then((module) => ({ default: module.ClientesListScreen })),
);
export const ProveedorFormScreen = lazyScreen(() =>
  import('./parte-form-screens.js').then((module) => ({ default: module.ProveedorFormScreen })),
);
export const ClienteFormScreen = lazyScreen(() =>
  import('./parte-form-screens.js').then((module) => ({ default: module.ClienteFormScreen })),
);
export const ClientesVerticalesScreen = lazyScreen(() =>
  import('./components/clientes-verticales-panel.js').then((module) => ({
    default: module.ClientesVerticalesPanel,
  })),
);
