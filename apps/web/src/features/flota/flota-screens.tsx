// Loaded lazily (lazy-pages.tsx): the screens bring the domain's fleet schemas, zod and
// react-hook-form, which the entry chunk never needs.
export { CamionListPage as CamionListScreen } from './components/camion-list-page.js';
export { CamionFormPage as CamionFormScreen } from './components/camion-form-page.js';
export { CamionDetailPage as CamionDetailScreen } from './components/camion-detail-page.js';
