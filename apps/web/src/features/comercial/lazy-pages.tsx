import { lazy } from 'react';

// The comercial screens are chunks of their own, fetched when a route is first shown.
export const PresupuestoListScreen = lazy(() =>
  import('./components/presupuesto-list-page.js').then((m) => ({ default: m.PresupuestoListPage })),
);
export const PresupuestoDetailScreen = lazy(() =>
  import('./components/presupuesto-detail-page.js').then((m) => ({
    default: m.PresupuestoDetailPage,
  })),
);
export const PresupuestoFormScreen = lazy(() =>
  import('./components/form-pages.js').then((m) => ({ default: m.PresupuestoFormPage })),
);
export const PlantillasScreen = lazy(() =>
  import('./components/plantillas-page.js').then((m) => ({ default: m.PlantillasPage })),
);
export const AlquilerListScreen = lazy(() =>
  import('./components/alquiler-list-page.js').then((m) => ({ default: m.AlquilerListPage })),
);
export const AlquilerDetailScreen = lazy(() =>
  import('./components/alquiler-detail-page.js').then((m) => ({ default: m.AlquilerDetailPage })),
);
export const AlquilerFormScreen = lazy(() =>
  import('./components/form-pages.js').then((m) => ({ default: m.AlquilerFormPage })),
);
export const ArchivosScreen = lazy(() =>
  import('./components/archivos-page.js').then((m) => ({ default: m.ArchivosPage })),
);
