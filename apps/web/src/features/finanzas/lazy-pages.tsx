import { lazy } from 'react';

// The finanzas screens are chunks of their own, fetched when a route is first shown.
export const FacturaListScreen = lazy(() =>
  import('./components/factura-list-page.js').then((m) => ({ default: m.FacturaListPage })),
);
export const FacturaDetailScreen = lazy(() =>
  import('./components/factura-detail-page.js').then((m) => ({ default: m.FacturaDetailPage })),
);
export const FacturaFormScreen = lazy(() =>
  import('./components/factura-form-page.js').then((m) => ({ default: m.FacturaFormPage })),
);
export const InformesScreen = lazy(() =>
  import('./components/fiscal-pages.js').then((m) => ({ default: m.InformesPage })),
);
export const VerifactuScreen = lazy(() =>
  import('./components/fiscal-pages.js').then((m) => ({ default: m.VerifactuPage })),
);
export const NotaListScreen = lazy(() =>
  import('./components/nota-list-page.js').then((m) => ({ default: m.NotaListPage })),
);
export const CompraListScreen = lazy(() =>
  import('./components/compra-list-page.js').then((m) => ({ default: m.CompraListPage })),
);
export const CompraDetailScreen = lazy(() =>
  import('./components/compra-detail-page.js').then((m) => ({ default: m.CompraDetailPage })),
);
export const CompraFormScreen = lazy(() =>
  import('./components/compra-form-page.js').then((m) => ({ default: m.CompraFormPage })),
);
