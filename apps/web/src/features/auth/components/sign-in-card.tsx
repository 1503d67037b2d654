import { useState } from 'react';
import { useAuth0 } from '@auth0/auth0-react';
import { useLocation } from 'react-router';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { FiLogIn } from 'react-icons/fi';

/** Signed-out state: one button that starts the provider's login, remembering where we were. */
export const SignInCard = () => {
  const { loginWithRedirect, error } = useAuth0();
  const location = useLocation();
  const [redirecting, setRedirecting] = useState(false);
  const [loginError, setLoginError] = useState<string | null>(null);

  const signIn = async () => {
    setRedirecting(true);
    setLoginError(null);
    try {
      await loginWithRedirect({
        appState: { returnTo: `${location.pathname}${location.search}${location.hash}` },
      });
    } catch (cause) {
      console.error('No se pudo iniciar la redirección al proveedor de identidad', cause);
      setLoginError('No se pudo iniciar sesión. Inténtalo de nuevo.');
      setRedirecting(false);
    }
  };

  const message = loginError ?? error?.message;

  return (
    <Card className="shadow-sm">
      <Card.Body className="p-4 text-center">
        <h2 className="h5 mb-3">Bienvenido</h2>
        <p className="text-body-secondary">
          Inicia sesión con tu cuenta corporativa para acceder a tu sistema.
        </p>
        {message ? (
          <Alert variant="danger" className="text-start">
            {message}
          </Alert>
        ) : null}
        <Button size="lg" onClick={() => void signIn()} disabled={redirecting}>
          {redirecting ? (
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          ) : (
            <FiLogIn className="me-2" aria-hidden="true" />
          )}
          Iniciar sesión
        </Button>
      </Card.Body>
    </Card>
  );
};
