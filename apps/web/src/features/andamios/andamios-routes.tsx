import type { RouteObject } from 'react-router';
import { guarded } from '../../components/guards/guarded-route.js';
import { LazyPage } from '../../components/ui/page-skeleton.js';
import { paths } from '../../config/paths.js';
import { AndamioDetailScreen, AndamioFormScreen, AndamioListScreen } from './lazy-pages.js';

/** inventario.md §5.4–§5.6: /andamios, /andamios/nuevo, /andamios/:andamioId/editar, /andamios/:andamioId. */
export const andamiosRoutes: RouteObject[] = [
  guarded(
    paths.andamios.list.path,
    'andamios.view',
    <LazyPage>
      <AndamioListScreen />
    </LazyPage>,
  ),
  guarded(
    paths.andamios.create.path,
    'andamios.edit',
    <LazyPage>
      <AndamioFormScreen mode="create" />
    </LazyPage>,
  ),
  guarded(
    paths.andamios.edit.path,
    'andamios.edit',
    <LazyPage>
      <AndamioFormScreen mode="edit" />
    </LazyPage>,
  ),
  guarded(
    paths.andamios.detail.path,
    'andamios.view',
    <LazyPage>
      <AndamioDetailScreen />
    </LazyPage>,
  ),
];
