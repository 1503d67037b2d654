import type { RouteObject } from 'react-router';
import { clientesRoutes } from './clientes-routes.js';
import { proveedoresRoutes } from './proveedores-routes.js';

// The public face of the partes feature (suppliers and clients, DESIGN decision 1): the guarded
// routes the app mounts. Nothing else leaves the feature.
export const partesRoutes: RouteObject[] = [...clientesRoutes, ...proveedoresRoutes];
