import { useEffect, useRef } from 'react';
import { Badge, Spinner } from 'react-bootstrap';
import type { SystemOption } from '@tvsistema/domain';

export const PREFERRED_BADGE = 'Tu sistema por defecto';

export type SystemOptionButtonProps = {
  option: SystemOption;
  allowed: boolean;
  busy: boolean;
  /** Another choice is in progress: every button waits. */
  locked: boolean;
  onChoose: () => void;
  /**
   * The user's default system (Preferencias, decision 0044): marked and focused, so Enter chooses
   * it; SPEC 4.3 leaves the choice to the user whenever more than one system is available.
   */
  preferred?: boolean;
};

/** One logo button of the selection screen (SPEC 2.6), with its name beneath. */
export const SystemOptionButton = ({
  option,
  allowed,
  busy,
  locked,
  onChoose,
  preferred = false,
}: SystemOptionButtonProps) => {
  const ref = useRef<HTMLButtonElement>(null);
  const marked = preferred && allowed;
  useEffect(() => {
    if (marked) ref.current?.focus();
  }, [marked]);
  return (
    <button
      ref={ref}
      type="button"
      className={`system-option system-option--${option.id}${marked ? ' system-option--preferred' : ''}`}
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
            <span className="visually-hidden">Seleccionando {option.name}…</span>
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
      {marked ? (
        <Badge bg="dark" className="system-option__preferred">
          {PREFERRED_BADGE}
        </Badge>
      ) : null}
    </button>
  );
};
