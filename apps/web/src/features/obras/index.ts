// The public face of the obras feature (flota-obras.md §5.5–5.6): the guarded routes the app
// mounts. Nothing else leaves the feature.
export { obrasRoutes } from './obras-routes.js';
