import { Button } from 'react-bootstrap';
import { FiArrowLeft, FiHome } from 'react-icons/fi';
import { useNavigate } from 'react-router';

/** The two ways out of a status page (SPEC 2.8): "Ir al inicio" (to /) and "Volver atrás". */
export const HomeAndBackActions = () => {
  const navigate = useNavigate();
  return (
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
  );
};
