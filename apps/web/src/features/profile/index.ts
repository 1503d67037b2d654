// The public face of the profile feature: its route for the app.
export { profileRoutes } from './profile-routes.js';
