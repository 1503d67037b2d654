import { lazy } from 'react';

// As partes: the list and the form are chunks of their own, fetched when an /obras route is first
// shown, so the list's first render does not load the form's schemas, zod and react-hook-form
// (decision 0046).
export const ObraListScreen = lazy(() =>
  import('./components/obra-list-page.js').then((m) => ({ default: m.ObraListPage })),
);
export const ObraFormScreen = lazy(() =>
  import('./components/obra-form-page.js').then((m) => ({ default: m.ObraFormPage })),
);
