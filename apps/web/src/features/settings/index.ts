// The public face of the settings feature (/settings, the navbar's "Configuración").
export { settingsRoutes } from './settings-routes.js';
