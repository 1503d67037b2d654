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
