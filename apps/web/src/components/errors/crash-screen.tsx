import { Button } from 'react-bootstrap';
import { FiRefreshCw } from 'react-icons/fi';
import { ErrorScreen } from './error-screen.js';

export type CrashScreenProps = {
  detail?: string;
  onReload?: () => void;
};

const reloadPage = () => window.location.reload();

/** SPEC 2.8 generic crash screen: something below the router failed to render. */
export const CrashScreen = ({ detail, onReload = reloadPage }: CrashScreenProps) => (
  <ErrorScreen
    title="Ha ocurrido un error"
    message={
      <>
        <p className="mb-1">La aplicación encontró un problema inesperado.</p>
        {detail ? <p className="small mb-0">{detail}</p> : null}
      </>
    }
    actions={
      <Button variant="primary" onClick={onReload}>
        <FiRefreshCw className="me-2" aria-hidden="true" />
        Recargar aplicación
      </Button>
    }
  />
);
