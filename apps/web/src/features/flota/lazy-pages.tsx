import { lazy } from 'react';

// As partes (issue 13): each fleet screen is a chunk of its own, fetched when its route is first
// shown, so the list's first render does not load the form's and detail's schemas, zod and
// react-hook-form (decision 0046).
export const CamionListScreen = lazy(() =>
  import('./components/camion-list-page.js').then((m) => ({ default: m.CamionListPage })),
);
export const CamionFormScreen = lazy(() =>
  import('./components/camion-form-page.js').then((m) => ({ default: m.CamionFormPage })),
);
export const CamionDetailScreen = lazy(() =>
  import('./components/camion-detail-page.js').then((m) => ({ default: m.CamionDetailPage })),
);
