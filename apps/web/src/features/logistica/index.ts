// The public face of the logística feature (logistica.md §5): the guarded albaranes routes.
export { logisticaRoutes } from './logistica-routes.js';
// comercial.md §5: a rental's albaranes, shown in its detail's "Albaranes" tab.
export { AlbaranesDeAlquiler } from './components/albaranes-de-alquiler.js';
