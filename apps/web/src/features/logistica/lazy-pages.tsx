import { lazy } from 'react';

// The logística screens are chunks of their own, fetched when a route is first shown.
export const AlbaranListScreen = lazy(() =>
  import('./components/albaran-list-page.js').then((m) => ({ default: m.AlbaranListPage })),
);
export const AlbaranFormScreen = lazy(() =>
  import('./components/albaran-form-page.js').then((m) => ({ default: m.AlbaranFormPage })),
);
export const AlbaranDetailScreen = lazy(() =>
  import('./components/albaran-detail-page.js').then((m) => ({ default: m.AlbaranDetailPage })),
);
export const TransporteListScreen = lazy(() =>
  import('./components/transporte-list-page.js').then((m) => ({ default: m.TransporteListPage })),
);
export const TransporteFormScreen = lazy(() =>
  import('./components/transporte-form-page.js').then((m) => ({ default: m.TransporteFormPage })),
);
export const TransporteDetailScreen = lazy(() =>
  import('./components/transporte-detail-page.js').then((m) => ({
    default: m.TransporteDetailPage,
  })),
);
export const ImportacionScreen = lazy(() =>
  import('./components/importacion-page.js').then((m) => ({ default: m.ImportacionPage })),
);
