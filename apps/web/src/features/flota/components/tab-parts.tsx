import type { ReactNode } from 'react';
import { Alert, Button, Card, Col } from 'react-bootstrap';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useBorrarRegistro } from '../api/registros.js';

// Pieces the detail's tabs share (§5.3): a card of data, an empty note, the loading state and
// the "Eliminar" of a sub-record.

export const Dato = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <dt className="col-6 text-body-secondary fw-normal">{label}</dt>
    <dd className="col-6">{children}</dd>
  </>
);

export const Tarjeta = ({ title, children }: { title: string; children: ReactNode }) => (
  <Col md={6} xl={4}>
    <Card className="h-100">
      <Card.Header as="h2" className="h6 mb-0">
        {title}
      </Card.Header>
      <Card.Body>
        <dl className="row mb-0">{children}</dl>
      </Card.Body>
    </Card>
  </Col>
);

export const Vacio = ({ children }: { children: string }) => (
  <p className="text-body-secondary fst-italic">{children}</p>
);

/** "Eliminar" of a sub-record, with the server's refusal beside it. */
export const Borrar = ({
  camionId,
  recurso,
  registroId,
  nombre,
}: {
  camionId: string;
  recurso: 'itv' | 'mantenimientos' | 'kilometraje';
  registroId: string;
  nombre: string;
}) => {
  const borrar = useBorrarRegistro(camionId, recurso);
  return (
    <>
      <Button
        size="sm"
        variant="outline-danger"
        aria-label={`Eliminar ${nombre}`}
        disabled={borrar.isPending}
        onClick={() => borrar.mutate(registroId)}
      >
        Eliminar
      </Button>
      {borrar.isError && (
        <span role="alert" className="d-block small text-danger">
          {serverMessageOr(borrar.error, 'No se pudo eliminar')}
        </span>
      )}
    </>
  );
};

export const Cargando = ({ error, pending }: { error: unknown; pending: boolean }) =>
  pending ? (
    <LoadingStatus message="Cargando…" />
  ) : (
    <Alert variant="danger">{serverMessageOr(error, 'No se pudo cargar')}</Alert>
  );

/**
 * A table that may scroll sideways on a phone: the scrolling region takes the focus, so the
 * keyboard can scroll it (axe scrollable-region-focusable), and is named for screen readers.
 */
export const Desplazable = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="table-responsive" tabIndex={0} role="region" aria-label={label}>
    {children}
  </div>
);
