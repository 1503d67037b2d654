// The public face of the dashboard feature: its route for the app.
export { dashboardRoutes } from './dashboard-routes.js';
