import { useState } from 'react';
import { useAuth0 } from '@auth0/auth0-react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AuthError } from '../../../components/errors/auth-error.js';
import { FullPageLoader } from '../../../components/ui/full-page-loader.js';
import { paths } from '../../../config/paths.js';
import { hasAuthorizationResponse } from '../utils/return-target.js';

/** SPEC 2.7: the provider sends the browser here; the SDK swaps the code for tokens. */
export const CallbackPage = () => {
  const { isLoading, error } = useAuth0();
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: with an authorization response the SDK's redirect callback navigates away itself,
  // and leaving on our own as well would race it and could drop the user's return target.
  const [awaitingRedirect] = useState(() => hasAuthorizationResponse(location.search));

  if (error) {
    return (
      <AuthError
        message={`No se pudo completar el inicio de sesión: ${error.message}`}
        onRetry={() => void navigate(paths.home.getHref(), { replace: true })}
      />
    );
  }
  // Reached without a response to process (a reload, a bookmark): nothing to wait for.
  if (!isLoading && !awaitingRedirect) return <Navigate to={paths.home.getHref()} replace />;
  return <FullPageLoader message="Completando inicio de sesión..." />;
};
