import { lazy } from 'react';

// As partes (issue 13): the fleet screens are a chunk of their own, fetched when a fleet route
// is first shown.
export const CamionListScreen = lazy(() =>
  import('./flota-screens.js').then((module) => ({ default: module.CamionListScreen })),
);
export const CamionFormScreen = lazy(() =>
  import('./flota-screens.js').then((module) => ({ default: module.CamionFormScreen })),
);
export const CamionDetailScreen = lazy(() =>
  import('./flota-screens.js').then((module) => ({ default: module.CamionDetailScreen })),
);
