import { lazy } from 'react';

// The andamios screens are chunks of their own, fetched when an /andamios route is first shown.
export const AndamioListScreen = lazy(() =>
  import('./components/andamio-list-page.js').then((m) => ({ default: m.AndamioListPage })),
);
export const AndamioFormScreen = lazy(() =>
  import('./components/andamio-form-page.js').then((m) => ({ default: m.AndamioFormPage })),
);
export const AndamioDetailScreen = lazy(() =>
  import('./components/andamio-detail-page.js').then((m) => ({ default: m.AndamioDetailPage })),
);
