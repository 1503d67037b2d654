// Loaded lazily (lazy-pages.tsx): the screens bring the domain's obras schemas and the forms.
export { ObraListPage as ObraListScreen } from './components/obra-list-page.js';
export { ObraFormPage as ObraFormScreen } from './components/obra-form-page.js';
