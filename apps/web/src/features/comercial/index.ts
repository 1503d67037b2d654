// The public face of the comercial feature (comercial.md §5): the guarded routes of presupuestos
// and alquileres that the app mounts.
export { comercialRoutes } from './comercial-routes.js';
