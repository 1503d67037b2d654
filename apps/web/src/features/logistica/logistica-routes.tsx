import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams, type RouteObject } from 'react-router';
import type { Permission } from '@tvsistema/domain';
import { guarded } from '../../components/guards/guarded-route.js';
import { RequireAccess } from '../../components/guards/require-access.js';
import { LazyPage } from '../../components/ui/page-skeleton.js';
import { paths } from '../../config/paths.js';
import { useSystem } from '../../lib/system-context.js';
import {
  AlbaranDetailScreen,
  AlbaranFormScreen,
  AlbaranListScreen,
  ImportacionScreen,
  TransporteDetailScreen,
  TransporteFormScreen,
  TransporteListScreen,
} from './lazy-pages.js';

const page = (element: ReactNode) => <LazyPage>{element}</LazyPage>;

/** Transport pages declare their system (§5): SPEC 2.5 step 5 then offers the switch. */
const transporte = (path: string, permission: Permission, element: ReactNode): RouteObject => ({
  path,
  element: (
    <RequireAccess permission={permission} requiredSystem="transportes">
      {element}
    </RequireAccess>
  ),
});

/** Rental routes opened in the transportes system replace themselves with their transport twin. */
const Rental = ({ children, twin }: { children: ReactNode; twin: (id?: string) => string }) => {
  const { currentSystem } = useSystem();
  const { id, albaranId } = useParams();
  const { search } = useLocation();
  if (currentSystem === 'transportes')
    return <Navigate to={`${twin(id ?? albaranId)}${search}`} replace />;
  return <>{children}</>;
};

/** /transporte/albaranes and /transporte/albaranes/{resto} forward to /albaranes (§5). */
const Reenvio = () => {
  const params = useParams();
  const resto = params['*'];
  const { search } = useLocation();
  return (
    <Navigate
      to={`${resto ? `/albaranes/transporte/${resto}` : paths.albaranes.list.getHref()}${search}`}
      replace
    />
  );
};

const lista = () => paths.albaranes.list.getHref();
const verTransporte = (id?: string) =>
  paths.albaranes.transporteView.getHref({ albaranId: id ?? '' });
const crearTransporte = () => paths.albaranes.transporteCreate.getHref();
const editarTransporte = (id?: string) => paths.albaranes.transporteEdit.getHref({ id: id ?? '' });

/** SPEC 2.11 and logistica.md §5: the albaranes routes and their aliases. */
export const logisticaRoutes: RouteObject[] = [
  guarded(paths.albaranes.list.path, 'albaranes.view', <ListaSegunSistema />),
  guarded(
    paths.albaranes.create.path,
    'albaranes.edit',
    <Rental twin={crearTransporte}>{page(<AlbaranFormScreen mode="create" />)}</Rental>,
  ),
  guarded(
    paths.albaranes.createNew.path,
    'albaranes.edit',
    <Rental twin={crearTransporte}>{page(<AlbaranFormScreen mode="create" />)}</Rental>,
  ),
  guarded(paths.albaranes.import.path, 'albaranes.edit', <ImportacionSegunSistema />),
  guarded(
    paths.albaranes.editById.path,
    'albaranes.edit',
    <Rental twin={editarTransporte}>{page(<AlbaranFormScreen mode="edit" />)}</Rental>,
  ),
  guarded(
    paths.albaranes.edit.path,
    'albaranes.edit',
    <Rental twin={editarTransporte}>{page(<AlbaranFormScreen mode="edit" />)}</Rental>,
  ),
  guarded(
    paths.albaranes.view.path,
    'albaranes.view',
    <Rental twin={verTransporte}>{page(<AlbaranDetailScreen />)}</Rental>,
  ),
  transporte(
    paths.albaranes.transporteCreate.path,
    'albaranes.transporte.edit',
    page(<TransporteFormScreen mode="create" />),
  ),
  transporte(
    paths.albaranes.transporteEdit.path,
    'albaranes.transporte.edit',
    page(<TransporteFormScreen mode="edit" />),
  ),
  transporte(
    paths.albaranes.transporteView.path,
    'albaranes.view',
    page(<TransporteDetailScreen />),
  ),
  guarded(
    paths.albaranes.detail.path,
    'albaranes.view',
    <Rental twin={verTransporte}>{page(<AlbaranDetailScreen />)}</Rental>,
  ),
  guarded(paths.transporte.albaranes.path, 'albaranes.view', <Reenvio />),
  guarded(`${paths.transporte.albaranes.path}/*`, 'albaranes.view', <Reenvio />),
];

/** §6: a transport import needs albaranes.transporte.edit besides the route's albaranes.edit. */
function ImportacionSegunSistema() {
  const { currentSystem } = useSystem();
  if (currentSystem === 'transportes')
    return (
      <RequireAccess permission="albaranes.transporte.edit">
        {page(<ImportacionScreen />)}
      </RequireAccess>
    );
  return page(<ImportacionScreen />);
}

function ListaSegunSistema() {
  const { currentSystem } = useSystem();
  if (currentSystem === 'transportes') return page(<TransporteListScreen />);
  return page(<AlbaranListScreen />);
}
void lista;
