import type { RouteObject } from 'react-router';
import type { Role, SystemId } from '@tvsistema/domain';
import { createFakeApi, type FakeApi } from '../../../testing/fake-api.js';
import { landing } from '../../../testing/fake-contexts.js';
import { renderSignedIn } from '../../../testing/render-signed-in.js';
import { logisticaRoutes } from '../logistica-routes.js';

/**
 * Renders the real albaranes routes (guards, lazy screens) at `path` in `system` with a scripted
 * API. `/unauthorized`, and `/albaranes` when `listaComoDestino`, are landings that show where a
 * navigation ended.
 */
export const renderLogistica = (
  path: string,
  {
    roles = ['administracion'],
    fake = createFakeApi(),
    system = 'alquileres',
    listaComoDestino = false,
  }: { roles?: Role[]; fake?: FakeApi; system?: SystemId; listaComoDestino?: boolean } = {},
) => {
  const rutas: RouteObject[] = listaComoDestino
    ? [...logisticaRoutes.filter((r) => r.path !== '/albaranes'), landing('/albaranes')]
    : [...logisticaRoutes];
  return renderSignedIn([...rutas, landing('/unauthorized'), landing('/select-system')], {
    path,
    roles,
    fake,
    system,
    user: { sub: 'auth0|test', name: 'Ana Prueba', email: 'ana@tvsistema.test' },
  });
};
