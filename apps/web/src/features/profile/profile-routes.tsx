import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { guarded } from '../../components/guards/guarded-route.js';
import { LazyPage } from '../../components/ui/page-skeleton.js';
import { paths } from '../../config/paths.js';

// Issue 13: a chunk of its own (its form brings react-hook-form and zod).
const ProfilePage = lazy(() =>
  import('./profile-page.js').then((module) => ({ default: module.ProfilePage })),
);

export const profileRoutes: RouteObject[] = [
  guarded(
    paths.profile.path,
    'session.view',
    <LazyPage>
      <ProfilePage />
    </LazyPage>,
  ),
];
