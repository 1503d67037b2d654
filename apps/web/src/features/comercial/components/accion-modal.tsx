import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { T } from '../comercial-texts.js';

// A state action that asks for something first (motivo, fecha…): the server's refusal stays in
// the modal with its field messages.

export const AccionModal = ({
  show,
  titulo,
  confirmar = T.comun.confirmar,
  onHide,
  onConfirm,
  children,
  variant = 'primary',
  fallo = 'No se pudo completar la acción.',
  bloqueado = false,
  size,
}: {
  show: boolean;
  titulo: string;
  confirmar?: string;
  onHide: () => void;
  /** Resolving `false` keeps the modal open without a request (a field the modal marks itself). */
  onConfirm: () => Promise<unknown>;
  children?: ReactNode;
  variant?: string;
  /** What the modal says when the server gives no reason of its own. */
  fallo?: string;
  /** The confirm button stays disabled (a rule the modal already shows, e.g. R21's cash limit). */
  bloqueado?: boolean;
  /** A modal that holds a whole editor (the template's) is extra large. */
  size?: 'xl';
}) => {
  const [error, setError] = useState<{ message: string; errors: string[] } | undefined>();
  const [busy, setBusy] = useState(false);
  const tituloId = useId();
  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      if ((await onConfirm()) !== false) onHide();
    } catch (err) {
      setError({
        message: serverMessageOr(err, fallo),
        errors: isApiError(err) && Array.isArray(err.errors) ? err.errors.map(String) : [],
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      show={show}
      onHide={onHide}
      centered
      aria-labelledby={tituloId}
      {...(size ? { size } : {})}
    >
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title as="h2" className="h5" id={tituloId}>
          {titulo}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {error && (
          <Alert variant="danger" className="mt-3 mb-0" role="alert">
            <p className="mb-1">{error.message}</p>
            {error.errors.length > 0 && (
              <ul className="mb-0">
                {error.errors.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            )}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {T.comun.cancelar}
        </Button>
        <Button variant={variant} disabled={busy || bloqueado} onClick={() => void run()}>
          {confirmar}
        </Button>
      </Modal.Footer>
    </Modal>
  );
};
