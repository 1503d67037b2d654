// The public face of the finanzas feature (finanzas.md §5): the guarded invoice routes.
export { finanzasRoutes, notasComprasRoutes } from './finanzas-routes.js';
