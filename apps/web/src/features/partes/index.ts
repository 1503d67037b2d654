import type { RouteObject } from 'react-router';
import { clientesRoutes } from './clientes-routes.js';
import { proveedoresRoutes } from './proveedores-routes.js';

// The public face of the partes feature (suppliers and clients, DESIGN decision 1): the guarded
// routes the app mounts, and the verticales clients' list that the Clientes tab of /obras shows
// (SPEC 2.11: verticales has no client routes; its list lives under /obras). Nothing else leaves
// the feature.
export const partesRoutes: RouteObject[] = [...clientesRoutes, ...proveedoresRoutes];
export { ClientesVerticalesScreen } from './lazy-pages.js';
