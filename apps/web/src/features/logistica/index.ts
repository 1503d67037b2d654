// The public face of the logística feature (logistica.md §5): the guarded albaranes routes.
export { logisticaRoutes } from './logistica-routes.js';
