// The public face of the maquinaria feature (inventario.md §5.1–5.3): the guarded routes the app
// mounts, and the inventory summary the alquileres dashboard shows (SPEC 2.9).
export { maquinariaRoutes } from './maquinaria-routes.js';
export { useInventarioResumen } from './api/get-inventario-resumen.js';
