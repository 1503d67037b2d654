import type { RouteObject } from 'react-router';
import { guarded } from '../../components/guards/guarded-route.js';
import { paths } from '../../config/paths.js';
import { CiudadesPage } from './components/ciudades-page.js';

export const localizacionRoutes: RouteObject[] = [
  guarded(paths.localizacion.ciudades.path, 'ciudades.manage', <CiudadesPage />),
];
