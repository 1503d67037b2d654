import type { RouteObject } from 'react-router';
import { Navigate, useLocation, useParams } from 'react-router';
import { guarded } from '../../components/guards/guarded-route.js';
import { LazyPage } from '../../components/ui/page-skeleton.js';
import { paths } from '../../config/paths.js';
import {
  FacturaDetailScreen,
  FacturaFormScreen,
  FacturaListScreen,
  InformesScreen,
  VerifactuScreen,
} from './lazy-pages.js';

const page = (element: React.ReactNode) => <LazyPage>{element}</LazyPage>;

/** `/transporte/facturas` → `/facturas` with its query; `/transporte/facturas/{id}` → `/facturas/{id}`. */
const TransporteRedirect = () => {
  const { '*': resto } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/facturas${resto ? `/${resto}` : ''}${search}`} replace />;
};

/** SPEC 2.11 and finanzas.md §7: the invoice screens (the transport variants share them). */
export const finanzasRoutes: RouteObject[] = [
  guarded(paths.facturas.list.path, 'facturas.view', page(<FacturaListScreen />)),
  guarded(paths.facturas.create.path, 'facturas.edit', page(<FacturaFormScreen mode="create" />)),
  guarded(paths.facturas.edit.path, 'facturas.edit', page(<FacturaFormScreen mode="edit" />)),
  guarded(
    paths.facturas.transporteCreate.path,
    'facturas.transporte.edit',
    page(<FacturaFormScreen mode="create" transporte />),
  ),
  guarded(
    paths.facturas.transporteEdit.path,
    'facturas.transporte.edit',
    page(<FacturaFormScreen mode="edit" transporte />),
  ),
  guarded('/facturas/informes', 'facturacion.fiscal', page(<InformesScreen />)),
  guarded('/facturas/verifactu', 'facturacion.fiscal', page(<VerifactuScreen />)),
  guarded(paths.facturas.detail.path, 'facturas.view', page(<FacturaDetailScreen />)),
  guarded(`${paths.transporte.facturas.path}/*`, 'facturas.view', <TransporteRedirect />),
  guarded(paths.transporte.facturas.path, 'facturas.view', <TransporteRedirect />),
];
