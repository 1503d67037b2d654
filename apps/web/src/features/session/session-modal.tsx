import { Button, Modal } from 'react-bootstrap';
import { FiClock } from 'react-icons/fi';
import { countdownVariant, TIMINGS } from '@tvsistema/domain';

export type SessionModalProps = {
  secondsLeft: number;
  /** "Mantener sesión" is renewing the token. */
  renewing: boolean;
  onLogout: () => void;
  onKeepAlive: () => void;
};

const TOTAL_SECONDS = TIMINGS.countdown / 1000;

/** SPEC 2.15 / 4.5: the inactivity warning with its countdown. */
export const SessionModal = ({
  secondsLeft,
  renewing,
  onLogout,
  onKeepAlive,
}: SessionModalProps) => {
  const variant = countdownVariant(secondsLeft);
  return (
    <Modal show centered backdrop="static" keyboard={false} aria-labelledby="session-modal-title">
      <Modal.Header>
        <Modal.Title id="session-modal-title" className="h5">
          <FiClock className="me-2" aria-hidden="true" />
          Sesión por expirar
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>Tu sesión se cerrará por inactividad.</p>
        <p className="display-6 text-center mb-2" aria-live="polite">
          <span className={`text-${variant}`} data-testid="session-countdown">
            {secondsLeft}
          </span>{' '}
          <span className="fs-5 text-body-secondary">segundos</span>
        </p>
        {/* Named on the element with role=progressbar: react-bootstrap's ProgressBar put the
            name on its track, where axe reports it as prohibited and the bar as unnamed. */}
        <div className="progress">
          <div
            className={`progress-bar bg-${variant}`}
            role="progressbar"
            aria-label="Tiempo restante de la sesión"
            aria-valuenow={secondsLeft}
            aria-valuemin={0}
            aria-valuemax={TOTAL_SECONDS}
            aria-valuetext={`${secondsLeft} segundos`}
            data-variant={variant}
            style={{ width: `${(secondsLeft / TOTAL_SECONDS) * 100}%` }}
          />
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onLogout} disabled={renewing}>
          Cerrar sesión
        </Button>
        <Button variant="primary" onClick={onKeepAlive} disabled={renewing}>
          Mantener sesión
        </Button>
      </Modal.Footer>
    </Modal>
  );
};
