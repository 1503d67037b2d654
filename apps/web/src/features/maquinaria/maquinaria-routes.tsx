import type { RouteObject } from 'react-router';
import { guarded } from '../../components/guards/guarded-route.js';
import { LazyPage } from '../../components/ui/page-skeleton.js';
import { paths } from '../../config/paths.js';
import { MaquinaDetailScreen, MaquinaFormScreen, MaquinaListScreen } from './lazy-pages.js';

/** inventario.md §5.1–5.3 and §7: list and detail with maquinaria.view, create and edit with .edit. */
export const maquinariaRoutes: RouteObject[] = [
  guarded(
    paths.maquinaria.list.path,
    'maquinaria.view',
    <LazyPage>
      <MaquinaListScreen />
    </LazyPage>,
  ),
  guarded(
    paths.maquinaria.create.path,
    'maquinaria.edit',
    <LazyPage>
      <MaquinaFormScreen mode="create" />
    </LazyPage>,
  ),
  guarded(
    paths.maquinaria.edit.path,
    'maquinaria.edit',
    <LazyPage>
      <MaquinaFormScreen mode="edit" />
    </LazyPage>,
  ),
  guarded(
    paths.maquinaria.detail.path,
    'maquinaria.view',
    <LazyPage>
      <MaquinaDetailScreen />
    </LazyPage>,
  ),
];
