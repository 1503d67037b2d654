import { lazy } from 'react';

// The conceptos screens are chunks of their own, fetched when a /conceptos route is first shown.
export const ConceptoListScreen = lazy(() =>
  import('./components/concepto-list-page.js').then((m) => ({ default: m.ConceptoListPage })),
);
export const ConceptoFormScreen = lazy(() =>
  import('./components/concepto-form-page.js').then((m) => ({ default: m.ConceptoFormPage })),
);
export const ConceptoDetailScreen = lazy(() =>
  import('./components/concepto-detail-page.js').then((m) => ({ default: m.ConceptoDetailPage })),
);
