import { lazy } from 'react';

// As partes: the works screens are a chunk of their own, fetched when an /obras route is shown.
export const ObraListScreen = lazy(() =>
  import('./obras-screens.js').then((module) => ({ default: module.ObraListScreen })),
);
export const ObraFormScreen = lazy(() =>
  import('./obras-screens.js').then((module) => ({ default: module.ObraFormScreen })),
);
