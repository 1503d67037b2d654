import type { RouteObject } from 'react-router';
import { guarded } from '../../components/guards/guarded-route.js';
import { LazyPage } from '../../components/ui/page-skeleton.js';
import { paths } from '../../config/paths.js';
import {
  AlquilerDetailScreen,
  AlquilerFormScreen,
  AlquilerListScreen,
  ArchivosScreen,
  PlantillasScreen,
  PresupuestoDetailScreen,
  PresupuestoFormScreen,
  PresupuestoListScreen,
} from './lazy-pages.js';

const page = (element: React.ReactNode) => <LazyPage>{element}</LazyPage>;

/**
 * SPEC 2.11 and comercial.md §7: the templates route comes before the quote's id route; the
 * archive has no role guard (alquileres.archivos, any signed-in user).
 */
export const comercialRoutes: RouteObject[] = [
  guarded(paths.presupuestos.list.path, 'presupuestos.view', page(<PresupuestoListScreen />)),
  guarded(paths.presupuestos.templates.path, 'presupuestos.view', page(<PlantillasScreen />)),
  guarded(
    paths.presupuestos.create.path,
    'presupuestos.edit',
    page(<PresupuestoFormScreen mode="create" />),
  ),
  guarded(
    paths.presupuestos.edit.path,
    'presupuestos.edit',
    page(<PresupuestoFormScreen mode="edit" />),
  ),
  guarded(paths.presupuestos.detail.path, 'presupuestos.view', page(<PresupuestoDetailScreen />)),
  guarded(paths.alquileres.list.path, 'alquileres.view', page(<AlquilerListScreen />)),
  guarded(
    paths.alquileres.create.path,
    'alquileres.edit',
    page(<AlquilerFormScreen mode="create" />),
  ),
  guarded(paths.alquileres.edit.path, 'alquileres.edit', page(<AlquilerFormScreen mode="edit" />)),
  guarded(paths.alquileres.detail.path, 'alquileres.view', page(<AlquilerDetailScreen />)),
  guarded(`${paths.alquileres.files.path}/*`, 'alquileres.archivos', page(<ArchivosScreen />)),
];
