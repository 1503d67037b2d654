import { Alert, Button } from 'react-bootstrap';
import { FiRefreshCw } from 'react-icons/fi';

export type PageErrorProps = {
  detail?: string;
  onReload?: () => void;
};

const reloadPage = () => window.location.reload();

/**
 * SPEC 2.8 page-level fallback: one page failed, the navbar around it still works, so the user
 * can also leave through it.
 */
export const PageError = ({ detail, onReload = reloadPage }: PageErrorProps) => (
  <Alert variant="danger" className="my-4" role="alert">
    <Alert.Heading as="h1" className="h4">
      Error en la página
    </Alert.Heading>
    <p className="mb-3">No se pudo mostrar esta página.{detail ? ` ${detail}` : ''}</p>
    <Button variant="outline-danger" onClick={onReload}>
      <FiRefreshCw className="me-2" aria-hidden="true" />
      Recargar
    </Button>
  </Alert>
);
