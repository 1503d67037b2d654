import { Navigate, useLocation, type RouteObject } from 'react-router';
import { guarded } from '../../components/guards/guarded-route.js';
import { LazyPage } from '../../components/ui/page-skeleton.js';
import { paths } from '../../config/paths.js';
import { CamionDetailScreen, CamionFormScreen, CamionListScreen } from './lazy-pages.js';

/** §5.1: `/camiones` and `/camiones/*` go (replace) to the same sub-path under /transporte. */
const RedirectCamiones = () => {
  const { pathname, search } = useLocation();
  return <Navigate to={`/transporte${pathname}${search}`} replace />;
};

const camiones = paths.transporte.camiones;

/** flota-obras.md §5.1–5.3 and §7: list and detail with camiones.view, create and edit with .edit. */
export const flotaRoutes: RouteObject[] = [
  guarded(
    camiones.list.path,
    'camiones.view',
    <LazyPage>
      <CamionListScreen />
    </LazyPage>,
  ),
  guarded(
    camiones.create.path,
    'camiones.edit',
    <LazyPage>
      <CamionFormScreen mode="create" />
    </LazyPage>,
  ),
  guarded(
    camiones.edit.path,
    'camiones.edit',
    <LazyPage>
      <CamionFormScreen mode="edit" />
    </LazyPage>,
  ),
  guarded(
    camiones.detail.path,
    'camiones.view',
    <LazyPage>
      <CamionDetailScreen />
    </LazyPage>,
  ),
  guarded('/camiones', 'camiones.view', <RedirectCamiones />),
  guarded('/camiones/*', 'camiones.view', <RedirectCamiones />),
];
