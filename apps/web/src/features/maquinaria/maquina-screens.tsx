// Loaded lazily (lazy-pages.tsx): the screens bring the domain's inventario schemas, zod and
// react-hook-form, which the entry chunk never needs.
export { MaquinaListPage as MaquinaListScreen } from './components/maquina-list-page.js';
export { MaquinaFormPage as MaquinaFormScreen } from './components/maquina-form-page.js';
export { MaquinaDetailPage as MaquinaDetailScreen } from './components/maquina-detail-page.js';
