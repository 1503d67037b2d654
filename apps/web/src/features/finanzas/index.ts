// The public face of the finanzas feature (finanzas.md §5): the guarded invoice routes.
export { finanzasRoutes } from './finanzas-routes.js';
