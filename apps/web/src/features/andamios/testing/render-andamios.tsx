import type { Role } from '@tvsistema/domain';
import type { FakeApi } from '../../../testing/fake-api.js';
import { renderSignedIn } from '../../../testing/render-signed-in.js';
import { andamiosRoutes } from '../andamios-routes.js';

/** Renders the real andamios routes (guards, lazy screens) at `path` with a scripted API. */
export const renderAndamios = (
  path: string,
  { roles, fake }: { roles?: Role[]; fake?: FakeApi } = {},
) =>
  renderSignedIn(
    [...andamiosRoutes, { path: '/unauthorized', element: <h1>Acceso no autorizado</h1> }],
    { path, roles, fake, system: 'alquileres' },
  );
