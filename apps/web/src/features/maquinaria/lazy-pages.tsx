import { lazy } from 'react';

// As partes (issue 13): the machine screens are a chunk of their own, fetched when a maquinaria
// route is first shown.
export const MaquinaListScreen = lazy(() =>
  import('./maquina-screens.js').then((module) => ({ default: module.MaquinaListScreen })),
);
export const MaquinaFormScreen = lazy(() =>
  import('./maquina-screens.js').then((module) => ({ default: module.MaquinaFormScreen })),
);
export const MaquinaDetailScreen = lazy(() =>
  import('./maquina-screens.js').then((module) => ({ default: module.MaquinaDetailScreen })),
);
