import { Button } from 'react-bootstrap';
import { FiArrowLeft, FiHome, FiLock } from 'react-icons/fi';
import { useNavigate } from 'react-router';
import { StatusScreen } from '../ui/status-screen.js';

/** SPEC 2.8 unauthorized page; `/unauthorized?returnTo=` is read by the router, not here. */
export const UnauthorizedPage = () => {
  const navigate = useNavigate();
  return (
    <StatusScreen
      badge={
        <span className="status-screen__icon" aria-hidden="true">
          <FiLock />
        </span>
      }
      title="Acceso no autorizado"
      actions={
        <>
          <Button variant="primary" onClick={() => void navigate('/')}>
            <FiHome className="me-2" aria-hidden="true" />
            Ir al inicio
          </Button>
          <Button variant="outline-secondary" onClick={() => void navigate(-1)}>
            <FiArrowLeft className="me-2" aria-hidden="true" />
            Volver atrás
          </Button>
        </>
      }
    >
      <p className="mb-1">No tienes permisos para acceder a esta página.</p>
      <p className="mb-0">Si crees que se trata de un error, contacta con el administrador.</p>
    </StatusScreen>
  );
};
