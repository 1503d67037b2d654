import { Spinner } from 'react-bootstrap';

/** A screen's "Cargando…" while its record or list arrives. */
export const LoadingStatus = ({ message }: { message: string }) => (
  <div className="d-flex justify-content-center align-items-center gap-2 py-5" role="status">
    <Spinner animation="border" size="sm" aria-hidden="true" />
    <span>{message}</span>
  </div>
);
