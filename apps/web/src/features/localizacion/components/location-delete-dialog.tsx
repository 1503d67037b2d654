import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { MESSAGES } from '@tvsistema/domain';
import { isApiError } from '../../../lib/api-client.js';
import { useDeleteLocation } from '../api/delete-location.js';
import { useLocationDependencies } from '../api/get-location-dependencies.js';
import { LEVELS, recordLabel, type LocationLevel, type LocationRecord } from '../levels.js';
import { blockingLines } from '../utils/dependencies-text.js';
import { ServerErrorAlert } from '../../../components/resource/server-error-alert.js';

export type LocationDeleteDialogProps = {
  level: LocationLevel;
  record: LocationRecord;
  onDeleted: (label: string) => void;
  onClose: () => void;
};

/**
 * Confirmation before a deletion. It first asks the server what still depends on the record and,
 * while anything does, says what and keeps "Eliminar" disabled: nothing is ever lost.
 */
export const LocationDeleteDialog = ({
  level,
  record,
  onDeleted,
  onClose,
}: LocationDeleteDialogProps) => {
  const label = recordLabel(record);
  const dependencies = useLocationDependencies(level, record._id);
  const mutation = useDeleteLocation(level);
  const blocking = dependencies.data ? blockingLines(dependencies.data) : [];
  const canDelete = dependencies.isSuccess && blocking.length === 0 && !mutation.isPending;
  const titleId = `eliminar-${level}-titulo`;

  const remove = () =>
    mutation.mutate(record._id, {
      onSuccess: () => onDeleted(label),
      // Someone added a child meanwhile: show the fresh counts beside the server's refusal.
      onError: (error) => {
        if (isApiError(error) && error.status === 409) void dependencies.refetch();
      },
    });

  return (
    <Modal show onHide={onClose} aria-labelledby={titleId} centered>
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id={titleId}>
          Eliminar {LEVELS[level].singular} «{label}»
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {dependencies.isPending && (
          <div className="d-flex align-items-center gap-2" role="status">
            <Spinner size="sm" animation="border" aria-hidden="true" />
            Comprobando qué depende de «{label}»…
          </div>
        )}
        {dependencies.isError && (
          <>
            <ServerErrorAlert
              error={dependencies.error}
              fallback={MESSAGES.localizacion.actionFailed('obtener', level)}
            />
            <Button variant="outline-danger" size="sm" onClick={() => void dependencies.refetch()}>
              Reintentar
            </Button>
          </>
        )}
        {dependencies.isSuccess && blocking.length > 0 && (
          <Alert variant="warning" className="mb-0">
            <p className="mb-1">No se puede eliminar «{label}» mientras tenga:</p>
            <ul className="mb-1">
              {blocking.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="mb-0">Elimina o cambia antes esos registros.</p>
          </Alert>
        )}
        {dependencies.isSuccess && blocking.length === 0 && (
          <p className="mb-0">
            ¿Seguro que quieres eliminar «{label}»? Esta acción no se puede deshacer.
          </p>
        )}
        {mutation.error && (
          <ServerErrorAlert
            className="mt-3 mb-0"
            error={mutation.error}
            fallback={MESSAGES.localizacion.actionFailed('eliminar', level)}
          />
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          Cancelar
        </Button>
        <Button variant="danger" disabled={!canDelete} onClick={remove}>
          {mutation.isPending ? (
            <>
              <Spinner as="span" size="sm" animation="border" aria-hidden="true" /> Eliminando…
            </>
          ) : (
            'Eliminar'
          )}
        </Button>
      </Modal.Footer>
    </Modal>
  );
};
