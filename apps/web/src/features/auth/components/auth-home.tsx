import { useAuth0 } from '@auth0/auth0-react';
import { MESSAGES } from '@tvsistema/domain';
import { FullPageLoader } from '../../../components/ui/full-page-loader.js';
import { AuthLayout } from './auth-layout.js';
import { SignInCard } from './sign-in-card.js';
import { UserSummaryCard } from './user-summary-card.js';

/** The start page until the application shell exists: sign in, or see who you are. */
export const AuthHome = () => {
  const { isLoading, isAuthenticated } = useAuth0();
  if (isLoading) return <FullPageLoader message={MESSAGES.loading.authentication} />;
  return <AuthLayout>{isAuthenticated ? <UserSummaryCard /> : <SignInCard />}</AuthLayout>;
};
