import { Button } from 'react-bootstrap';
import { useParams } from 'react-router';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { MAQUINA_TEXTS as T } from '../maquina-texts.js';

/** A machine screen with no record to show: its id is invalid (`error` "invalido"). */
export const MaquinaInvalida = () => {
  const { maquinariaId } = useParams();
  return (
    <PantallaNoDisponible titulo={T.singular} id={maquinariaId}>
      {T.invalidId}
    </PantallaNoDisponible>
  );
};

/** A machine screen before its record is there: loading, not found, or the server's message. */
export const MaquinaLoadState = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { maquinariaId } = useParams();
  if (!error) return <LoadingStatus message={T.loading} />;
  if (isApiError(error) && error.status === 404) {
    return (
      <PantallaNoDisponible titulo={T.singular} id={maquinariaId} variant="warning">
        {serverMessageOr(error, T.notFound)}
      </PantallaNoDisponible>
    );
  }
  return (
    <PantallaNoDisponible titulo={T.singular} id={maquinariaId}>
      <span className="flex-grow-1">{serverMessageOr(error, T.loadFailed)}</span>
      <Button variant="outline-danger" size="sm" onClick={onRetry}>
        Reintentar
      </Button>
    </PantallaNoDisponible>
  );
};
