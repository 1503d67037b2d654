// The public face of the fleet feature (flota-obras.md §5.1–5.3): the guarded routes the app
// mounts, and the dashboard's due-date card. Nothing else leaves the feature.
export { flotaRoutes } from './flota-routes.js';
