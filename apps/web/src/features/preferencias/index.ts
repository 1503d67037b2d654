// Each user's own preferences (issue 14, decision 0044): the provider that applies them across
// the app, and the form of /settings.
export { PreferenciasProvider } from './components/preferencias-provider.js';
export { PreferenciasForm, PREFERENCIAS_TEXTS } from './components/preferencias-form.js';
