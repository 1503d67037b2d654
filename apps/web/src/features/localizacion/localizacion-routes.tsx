import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { guarded } from '../../components/guards/guarded-route.js';
import { LazyPage } from '../../components/ui/page-skeleton.js';
import { paths } from '../../config/paths.js';

// Issue 13: a chunk of its own, fetched when the route is first shown.
const CiudadesPage = lazy(() =>
  import('./components/ciudades-page.js').then((module) => ({ default: module.CiudadesPage })),
);

export const localizacionRoutes: RouteObject[] = [
  guarded(
    paths.localizacion.ciudades.path,
    'ciudades.manage',
    <LazyPage>
      <CiudadesPage />
    </LazyPage>,
  ),
];
