// The public face of the conceptos feature (inventario.md §5.7): the guarded routes the app mounts.
export { conceptosRoutes } from './conceptos-routes.js';
