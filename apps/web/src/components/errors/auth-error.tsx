import { Button } from 'react-bootstrap';
import { FiRefreshCw, FiRotateCcw } from 'react-icons/fi';
import { ErrorScreen } from './error-screen.js';

export type AuthErrorProps = {
  message: string;
  onRetry: () => void;
  onReload?: () => void;
};

const reloadPage = () => window.location.reload();

/** SPEC 2.8 app-level error screen for identity failures. */
export const AuthError = ({ message, onRetry, onReload = reloadPage }: AuthErrorProps) => (
  <ErrorScreen
    title="Error de autenticación"
    message={<p className="mb-0">{message}</p>}
    actions={
      <>
        <Button variant="primary" onClick={onRetry}>
          <FiRotateCcw className="me-2" aria-hidden="true" />
          Reintentar
        </Button>
        <Button variant="outline-secondary" onClick={onReload}>
          <FiRefreshCw className="me-2" aria-hidden="true" />
          Recargar página
        </Button>
      </>
    }
  />
);
