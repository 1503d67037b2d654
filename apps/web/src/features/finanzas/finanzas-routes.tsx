import type { RouteObject } from 'react-router';
import { Navigate, useLocation, useParams } from 'react-router';
import { guarded } from '../../components/guards/guarded-route.js';
import { LazyPage } from '../../components/ui/page-skeleton.js';
import { paths } from '../../config/paths.js';
import {
  CompraDetailScreen,
  CompraFormScreen,
  CompraListScreen,
  FacturaDetailScreen,
  FacturaFormScreen,
  FacturaListScreen,
  InformesScreen,
  NotaListScreen,
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

const TRANSPORTE_NOTAS = `${paths.transporte.facturas.path}/notas`;
const TRANSPORTE_COMPRAS = paths.transporte.compras.path;

/**
 * finanzas.md §5 and §7: notas de abono (/notas, alquileres only, SPEC 2.3; the transport ones
 * under /transporte/facturas/notas, ranked above the facturas redirect) and compras.
 */
export const notasComprasRoutes: RouteObject[] = [
  guarded(paths.notas.list.path, 'notas.view', page(<NotaListScreen />)),
  guarded(paths.notas.create.path, 'notas.edit', page(<FacturaFormScreen mode="create" nota />)),
  guarded(paths.notas.edit.path, 'notas.edit', page(<FacturaFormScreen mode="edit" nota />)),
  guarded(paths.notas.detail.path, 'notas.view', page(<FacturaDetailScreen nota />)),
  guarded(TRANSPORTE_NOTAS, 'notas.view', page(<NotaListScreen transporte />)),
  guarded(
    `${TRANSPORTE_NOTAS}/nueva`,
    'notas.edit',
    page(<FacturaFormScreen mode="create" nota transporte />),
  ),
  guarded(
    `${TRANSPORTE_NOTAS}/:notaId/editar`,
    'notas.edit',
    page(<FacturaFormScreen mode="edit" nota transporte />),
  ),
  guarded(`${TRANSPORTE_NOTAS}/:notaId`, 'notas.view', page(<FacturaDetailScreen nota />)),

  guarded(paths.compras.list.path, 'compras.view', page(<CompraListScreen />)),
  guarded(paths.compras.create.path, 'compras.edit', page(<CompraFormScreen />)),
  guarded(paths.compras.edit.path, 'compras.edit', page(<CompraFormScreen />)),
  guarded(paths.compras.detail.path, 'compras.view', page(<CompraDetailScreen />)),
  guarded(TRANSPORTE_COMPRAS, 'compras.view', page(<CompraListScreen transporte />)),
  guarded(`${TRANSPORTE_COMPRAS}/nueva`, 'compras.edit', page(<CompraFormScreen transporte />)),
  guarded(
    `${TRANSPORTE_COMPRAS}/:compraId/editar`,
    'compras.edit',
    page(<CompraFormScreen transporte />),
  ),
  guarded(`${TRANSPORTE_COMPRAS}/:compraId`, 'compras.view', page(<CompraDetailScreen />)),
];
