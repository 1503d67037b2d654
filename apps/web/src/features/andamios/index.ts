// The public face of the andamios feature (inventario.md §5.4–§5.6): the guarded routes the app mounts.
export { andamiosRoutes } from './andamios-routes.js';
