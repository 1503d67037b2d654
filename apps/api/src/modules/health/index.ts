// Liveness of the API and its database, for load balancers and the launcher.
export { healthRoutes as routes } from './health.routes.js';
export const tables = {} as const;
