import type { Role, SystemId } from '@tvsistema/domain';
import type { FakeApi } from '../../../testing/fake-api.js';
import { landing } from '../../../testing/fake-contexts.js';
import { renderSignedIn } from '../../../testing/render-signed-in.js';
import { finanzasRoutes, notasComprasRoutes } from '../finanzas-routes.js';

/** Renders the real finanzas routes (guards, lazy screens) at `path` over a scripted API. */
export const renderFinanzas = (
  path: string,
  {
    roles,
    fake,
    system = 'alquileres',
  }: { roles?: Role[]; fake?: FakeApi; system?: SystemId } = {},
) =>
  renderSignedIn([...finanzasRoutes, ...notasComprasRoutes, landing('/unauthorized')], {
    path,
    roles,
    fake,
    system,
  });
