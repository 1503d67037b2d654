import { MESSAGES } from '@tvsistema/domain';
import { Spinner } from 'react-bootstrap';

export type FullPageLoaderProps = {
  message?: string;
};

/** Whole-viewport waiting state (SPEC 2.8: "Iniciando aplicación...", "Navegando...", …). */
export const FullPageLoader = ({ message = MESSAGES.loading.default }: FullPageLoaderProps) => (
  <div
    className="d-flex flex-column align-items-center justify-content-center min-vh-100 gap-3 bg-body-tertiary"
    role="status"
    aria-live="polite"
  >
    <Spinner animation="border" variant="primary" aria-hidden="true" />
    <p className="mb-0 text-body-secondary">{message}</p>
  </div>
);
