import { Badge, NavDropdown, Spinner } from 'react-bootstrap';
import { SYSTEM_IDS, SYSTEMS, type SystemId } from '@tvsistema/domain';
import { SystemIcon } from './system-icon.js';

export type SystemSwitcherProps = {
  currentSystem: SystemId | null;
  availableSystems: readonly SystemId[];
  onSelect: (system: SystemId) => void;
  /** The system being switched to, while the switch runs. */
  switching?: SystemId | null;
  /** The options listed; every system by default. */
  systems?: readonly SystemId[];
};

/**
 * SPEC 2.14 switcher: only for users with more than one system; each option says "Actual" for the
 * current system and "Sin acceso" (disabled) for one the user may not enter.
 */
export const SystemSwitcher = ({
  currentSystem,
  availableSystems,
  onSelect,
  switching = null,
  systems = SYSTEM_IDS,
}: SystemSwitcherProps) => {
  if (availableSystems.length <= 1) return null;

  const title = (
    <span className="d-inline-flex align-items-center gap-2">
      {currentSystem ? <SystemIcon system={currentSystem} /> : null}
      {/* The toggle's own name: an aria-label on NavDropdown lands on its wrapper, never read. */}
      <span className="visually-hidden">Cambiar de sistema: </span>
      <span className="system-switcher__label">
        {currentSystem ? SYSTEMS[currentSystem].shortName : 'Sistema'}
      </span>
      {switching ? (
        <Spinner animation="border" size="sm" aria-label="Cambiando de sistema" />
      ) : null}
    </span>
  );

  return (
    <NavDropdown id="system-switcher" className="system-switcher" title={title} align="end">
      {/* A caption, not a heading: react-bootstrap's role="heading" has no level (axe). */}
      <NavDropdown.Header role="presentation">Cambiar de sistema</NavDropdown.Header>
      {systems.length === 0 ? (
        <NavDropdown.ItemText className="text-body-secondary small">
          No hay sistemas disponibles
        </NavDropdown.ItemText>
      ) : (
        systems.map((system) => {
          const isCurrent = system === currentSystem;
          const allowed = availableSystems.includes(system);
          return (
            <NavDropdown.Item
              key={system}
              as="button"
              type="button"
              // The current one is styled as active, not passed `active`: react-bootstrap then
              // writes aria-selected, which a button may not carry (axe: critical).
              className={`system-switcher__option d-flex align-items-center gap-2${isCurrent ? ' active' : ''}`}
              disabled={!allowed || switching !== null}
              aria-current={isCurrent ? 'true' : undefined}
              onClick={() => {
                if (!isCurrent) onSelect(system);
              }}
            >
              <span className={`system-switcher__dot system-switcher__dot--${system}`}>
                <SystemIcon system={system} />
              </span>
              <span className="me-auto">{SYSTEMS[system].name}</span>
              {isCurrent ? (
                <Badge bg="light" text="dark" pill>
                  Actual
                </Badge>
              ) : null}
              {allowed ? null : (
                <Badge bg="secondary" pill>
                  Sin acceso
                </Badge>
              )}
            </NavDropdown.Item>
          );
        })
      )}
    </NavDropdown>
  );
};
