import { lazy } from 'react';

// As partes (issue 13): each machine screen is a chunk of its own, fetched when its route is first
// shown, so the list's first render does not load the form's and detail's schemas, zod and
// react-hook-form (decision 0046).
export const MaquinaListScreen = lazy(() =>
  import('./components/maquina-list-page.js').then((m) => ({ default: m.MaquinaListPage })),
);
export const MaquinaFormScreen = lazy(() =>
  import('./components/maquina-form-page.js').then((m) => ({ default: m.MaquinaFormPage })),
);
export const MaquinaDetailScreen = lazy(() =>
  import('./components/maquina-detail-page.js').then((m) => ({ default: m.MaquinaDetailPage })),
);
