import { Alert, Button } from 'react-bootstrap';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { MAQUINA_TEXTS as T } from '../maquina-texts.js';

/** A machine screen before its record is there: loading, not found, or the server's message. */
export const MaquinaLoadState = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  if (!error) return <LoadingStatus message={T.loading} />;
  if (isApiError(error) && error.status === 404) {
    return <Alert variant="warning">{serverMessageOr(error, T.notFound)}</Alert>;
  }
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
      <span className="flex-grow-1">{serverMessageOr(error, T.loadFailed)}</span>
      <Button variant="outline-danger" size="sm" onClick={onRetry}>
        Reintentar
      </Button>
    </Alert>
  );
};
