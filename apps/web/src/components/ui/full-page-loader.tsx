import { MESSAGES } from '@tvsistema/domain';
import { Spinner } from 'react-bootstrap';
import '../../styles/theme.css';

export type FullPageLoaderProps = {
  message?: string;
  /** Optional second line, e.g. what the app is waiting for. */
  detail?: string;
};

/** Whole-viewport waiting state (SPEC 2.8: "Iniciando aplicación...", "Navegando...", …). */
export const FullPageLoader = ({
  message = MESSAGES.loading.default,
  detail,
}: FullPageLoaderProps) => (
  <div
    className="full-page-loader d-flex flex-column align-items-center justify-content-center min-vh-100 gap-3 p-3 text-center"
    role="status"
    aria-live="polite"
  >
    <Spinner animation="border" className="full-page-loader__spinner" aria-hidden="true" />
    <div>
      <p className="mb-0 fs-5 fw-medium">{message}</p>
      {detail ? <p className="mb-0 mt-1 small text-body-secondary">{detail}</p> : null}
    </div>
  </div>
);
