// The signed-in user and the identity settings the SPA reads at start-up.
export { sessionRoutes as routes } from './session.routes.js';
export type { PublicConfig } from './session.routes.js';
export const tables = {} as const;
