import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { guarded } from '../../components/guards/guarded-route.js';
import { LazyPage } from '../../components/ui/page-skeleton.js';
import { paths } from '../../config/paths.js';

const SettingsPage = lazy(() =>
  import('./settings-page.js').then((module) => ({ default: module.SettingsPage })),
);

/** /settings: every signed-in user reaches it; its sections check their own permission. */
export const settingsRoutes: RouteObject[] = [
  guarded(
    paths.settings.path,
    'session.view',
    <LazyPage>
      <SettingsPage />
    </LazyPage>,
  ),
];
