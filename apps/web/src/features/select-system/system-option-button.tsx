import { Badge, Spinner } from 'react-bootstrap';
import type { SystemOption } from '@tvsistema/domain';

export type SystemOptionButtonProps = {
  option: SystemOption;
  allowed: boolean;
  busy: boolean;
  /** Another choice is in progress: every button waits. */
  locked: boolean;
  onChoose: () => void;
};

/** One logo button of the selection screen (SPEC 2.6), with its name beneath. */
export const SystemOptionButton = ({
  option,
  allowed,
  busy,
  locked,
  onChoose,
}: SystemOptionButtonProps) => (
  <button
    type="button"
    className={`system-option system-option--${option.id}`}
    data-system-option={option.id}
    disabled={!allowed || locked}
    aria-busy={busy}
    onClick={onChoose}
  >
    <span className="system-option__logo">
      <img src={option.logo} alt={option.alt} />
      {busy ? (
        <span className="system-option__overlay" role="status">
          <Spinner animation="border" aria-hidden="true" />
          <span className="visually-hidden">Seleccionando {option.name}...</span>
        </span>
      ) : null}
    </span>
    {/* Verticales' logo alt and name are the same words (SPEC 2.6): said once, by the logo. */}
    <span className="system-option__name" aria-hidden={option.name === option.alt || undefined}>
      {option.name}
    </span>
    {allowed ? null : (
      <Badge bg="secondary" className="system-option__badge">
        Sin acceso
      </Badge>
    )}
  </button>
);
