import type { Role } from '@tvsistema/domain';
import type { FakeApi } from '../../../testing/fake-api.js';
import { renderSignedIn } from '../../../testing/render-signed-in.js';
import { comercialRoutes } from '../comercial-routes.js';

/** Renders the real comercial routes (guards, lazy screens) at `path` with a scripted API. */
export const renderComercial = (
  path: string,
  { roles, fake }: { roles?: Role[]; fake?: FakeApi } = {},
) =>
  renderSignedIn(
    [...comercialRoutes, { path: '/unauthorized', element: <h1>Acceso no autorizado</h1> }],
    { path, roles, fake, system: 'alquileres' },
  );
