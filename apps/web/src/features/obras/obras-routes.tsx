import { Navigate, type RouteObject } from 'react-router';
import { guarded } from '../../components/guards/guarded-route.js';
import { LazyPage } from '../../components/ui/page-skeleton.js';
import { paths } from '../../config/paths.js';
import { ObraFormScreen, ObraListScreen } from './lazy-pages.js';

/** SPEC 2.11 and flota-obras.md §7: the list with obras.view, crear and editar with obras.edit;
 * any other /obras path goes to the list (the detail is the list's modal). */
export const obrasRoutes: RouteObject[] = [
  guarded(
    paths.obras.list.path,
    'obras.view',
    <LazyPage>
      <ObraListScreen />
    </LazyPage>,
  ),
  guarded(
    paths.obras.create.path,
    'obras.edit',
    <LazyPage>
      <ObraFormScreen mode="create" />
    </LazyPage>,
  ),
  guarded(
    paths.obras.edit.path,
    'obras.edit',
    <LazyPage>
      <ObraFormScreen mode="edit" />
    </LazyPage>,
  ),
  {
    path: `${paths.obras.list.path}/*`,
    element: <Navigate to={paths.obras.list.getHref()} replace />,
  },
];
