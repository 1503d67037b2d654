// The public face of the maquinaria feature (inventario.md §5.1–5.3): the guarded routes the app
// mounts. Nothing else leaves the feature.
export { maquinariaRoutes } from './maquinaria-routes.js';
