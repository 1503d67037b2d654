import { Alert, Button } from 'react-bootstrap';
import { FiLogOut, FiRefreshCw } from 'react-icons/fi';
import { MESSAGES, SYSTEM_OPTIONS } from '@tvsistema/domain';
import { FullPageLoader } from '../../components/ui/full-page-loader.js';
import { SystemOptionButton } from './system-option-button.js';
import { useSystemSelection, type SelectionSources } from './use-system-selection.js';
import './select-system.css';

export const GROUP_LOGO = '/logo_grupo.png';

export const SELECTION_TEXTS = {
  titleSignedOut: 'Selecciona la empresa',
  titleSignedIn: 'Selecciona tu sistema',
  checking: 'Verificando tus permisos...',
  redirecting: 'Redirigiendo al sistema...',
  emptyTitle: 'Sin sistemas disponibles',
  emptyText: 'No tienes acceso a ningún sistema. Contacta al administrador.',
  checkAgain: 'Verificar nuevamente',
} as const;

const accessSummary = (count: number) =>
  `Tienes acceso a ${count} ${count === 1 ? 'sistema' : 'sistemas'}`;

/** SPEC 2.6 / 4.3: choose the system to work in (signed out, this starts the login). */
export const SelectSystemPage = (sources: SelectionSources) => {
  const { phase, isAuthenticated, availableSystems, busySystem, error, choose, retry } =
    useSystemSelection(sources);

  if (phase === 'authenticating')
    return <FullPageLoader message={MESSAGES.loading.authentication} />;
  if (phase === 'checking') return <FullPageLoader message={SELECTION_TEXTS.checking} />;
  if (phase === 'redirecting') return <FullPageLoader message={SELECTION_TEXTS.redirecting} />;

  const errorText = phase === 'no-roles' ? MESSAGES.selection.noRoles : error;

  return (
    <main className="select-system">
      <div className="select-system__panel">
        <header className="select-system__header">
          <img
            className="select-system__group-logo"
            src={GROUP_LOGO}
            // Its box is drawn before the file arrives: the panel, centred on the page, would
            // otherwise grow and move when it does (Lighthouse's layout shift, issue 13).
            width={824}
            height={240}
            alt="Grupo TVSistema"
            onError={(event) => {
              event.currentTarget.hidden = true;
            }}
          />
          <h1 className="select-system__title">
            {isAuthenticated ? SELECTION_TEXTS.titleSignedIn : SELECTION_TEXTS.titleSignedOut}
          </h1>
          {isAuthenticated && phase === 'ready' ? (
            <p className="select-system__subtitle">{accessSummary(availableSystems.length)}</p>
          ) : null}
        </header>

        {errorText ? (
          <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
            <span className="flex-grow-1">{errorText}</span>
            <Button variant="outline-danger" size="sm" onClick={retry}>
              <FiRefreshCw className="me-1" aria-hidden="true" />
              {MESSAGES.selection.retry}
            </Button>
          </Alert>
        ) : null}

        {phase === 'empty' ? (
          <section className="select-system__empty text-center" aria-live="polite">
            <h2 className="h5">{SELECTION_TEXTS.emptyTitle}</h2>
            <p className="text-body-secondary">{SELECTION_TEXTS.emptyText}</p>
            <Button variant="outline-primary" onClick={retry}>
              <FiRefreshCw className="me-2" aria-hidden="true" />
              {SELECTION_TEXTS.checkAgain}
            </Button>
          </section>
        ) : null}

        {phase === 'ready' ? (
          <div className="select-system__options" role="group" aria-label="Sistemas">
            {SYSTEM_OPTIONS.map((option) => (
              <SystemOptionButton
                key={option.id}
                option={option}
                allowed={!isAuthenticated || availableSystems.includes(option.id)}
                busy={busySystem === option.id}
                locked={busySystem !== null}
                onChoose={() => choose(option.id)}
                preferred={isAuthenticated && sources.preferredSystem === option.id}
              />
            ))}
          </div>
        ) : null}

        {isAuthenticated && sources.logout ? (
          <footer className="select-system__footer">
            <Button
              variant="link"
              className="text-body-secondary"
              onClick={() => void sources.logout?.()}
            >
              <FiLogOut className="me-1" aria-hidden="true" />
              Cerrar sesión
            </Button>
          </footer>
        ) : null}
      </div>
    </main>
  );
};
