import type { RouteObject } from 'react-router';
import { guarded } from '../../components/guards/guarded-route.js';
import { paths } from '../../config/paths.js';
import { ProfilePage } from './profile-page.js';

export const profileRoutes: RouteObject[] = [
  guarded(paths.profile.path, 'session.view', <ProfilePage />),
];
