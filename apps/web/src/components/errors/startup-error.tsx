import { Button } from 'react-bootstrap';
import { FiRefreshCw, FiTrash2 } from 'react-icons/fi';
import { ErrorScreen } from './error-screen.js';

export type StartupErrorProps = {
  /** Technical detail, shown small under the text. */
  detail?: string;
  /** Injected by tests; the browser reload otherwise. */
  onReload?: () => void;
};

const reloadPage = () => window.location.reload();

/** SPEC 2.8 start-up failure: the app could not even load its configuration. */
export const StartupError = ({ detail, onReload = reloadPage }: StartupErrorProps) => {
  const clearAndReload = () => {
    // Stale tokens or a stale selected system are the usual reasons a restart keeps failing.
    try {
      window.localStorage.clear();
      window.sessionStorage.clear();
    } catch {
      // Storage may be blocked; reloading is still the best we can do.
    }
    onReload();
  };

  return (
    <ErrorScreen
      title="Error de inicialización"
      message={
        <>
          <p className="mb-1">No se pudo cargar la aplicación correctamente.</p>
          {detail ? <p className="small mb-0">{detail}</p> : null}
        </>
      }
      actions={
        <>
          <Button variant="primary" onClick={onReload}>
            <FiRefreshCw className="me-2" aria-hidden="true" />
            Recargar página
          </Button>
          <Button variant="outline-secondary" onClick={clearAndReload}>
            <FiTrash2 className="me-2" aria-hidden="true" />
            Limpiar y recargar
          </Button>
        </>
      }
    />
  );
};
