import { Button } from 'react-bootstrap';
import { FiArrowLeft, FiHome } from 'react-icons/fi';
import { useNavigate } from 'react-router';
import { StatusScreen } from '../ui/status-screen.js';

/** SPEC 2.8 not-found page. */
export const NotFoundPage = () => {
  const navigate = useNavigate();
  return (
    <StatusScreen
      badge={
        <span className="status-screen__code" aria-hidden="true">
          404
        </span>
      }
      title="Página no encontrada"
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
      <p className="mb-0">La página que buscas no existe o ha sido movida.</p>
    </StatusScreen>
  );
};
