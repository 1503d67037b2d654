import { useRef } from 'react';
import { Alert, Container } from 'react-bootstrap';
import { Outlet } from 'react-router';
import { AppFrameContext } from '../../lib/app-frame-context.js';
import { useAuthContext } from '../../lib/auth-context.js';
import { usePreferencias } from '../../lib/preferencias-context.js';
import { useSystem } from '../../lib/system-context.js';
import { AppNavbar } from './app-navbar.js';
import { useFocusAfterModal } from './use-focus-after-modal.js';
import { useRouteFocus } from './use-route-focus.js';
import { useSystemSwitch } from './use-system-switch.js';
import '../../styles/theme.css';

export type AppLayoutProps = {
  /** Injected by tests; the browser reload otherwise. */
  onReload?: () => void;
};

/**
 * The navbar's room while the session is being restored (issue 13): an empty bar of the same
 * height, so the page does not jump down when the navbar appears.
 */
const NavbarPlaceholder = () => (
  <div className="navbar app-navbar" aria-hidden="true">
    <Container fluid="xl">
      <span className="navbar-brand app-navbar__brand">
        <span className="app-navbar__logo" />
      </span>
      <span className="navbar-toggler d-lg-none invisible">
        <span className="navbar-toggler-icon" />
      </span>
    </Container>
  </div>
);

/** The frame of every signed-in page: navbar, switch errors, the page, a quiet footer. */
export const AppLayout = ({ onReload }: AppLayoutProps) => {
  const { isAuthenticated, isLoading, user, roles, availableSystems, logout } = useAuthContext();
  const { currentSystem, setCurrentSystem } = useSystem();
  const { switchTo, switching, error, clearError } = useSystemSwitch({
    roles,
    setCurrentSystem,
    ...(onReload ? { onReload } : {}),
  });

  const mainRef = useRef<HTMLElement>(null);
  useRouteFocus(mainRef);
  useFocusAfterModal(mainRef);
  const { densidad } = usePreferencias();

  return (
    <div
      className={`app-shell d-flex flex-column min-vh-100${densidad === 'compacta' ? ' app-shell--compacta' : ''}`}
    >
      <a className="visually-hidden-focusable app-shell__skip" href="#contenido">
        Saltar al contenido
      </a>
      {isAuthenticated ? (
        <AppNavbar
          user={user}
          currentSystem={currentSystem}
          availableSystems={availableSystems}
          switching={switching}
          onSwitchSystem={(target) => void switchTo(target)}
          onLogout={() => void logout()}
        />
      ) : isLoading ? (
        <NavbarPlaceholder />
      ) : null}
      <main id="contenido" ref={mainRef} className="app-shell__main flex-grow-1" tabIndex={-1}>
        <Container fluid="xl" className="py-3 py-md-4">
          {error ? (
            <Alert
              variant="danger"
              dismissible
              closeLabel="Cerrar"
              onClose={clearError}
              className="mb-3"
            >
              {error}
            </Alert>
          ) : null}
          <AppFrameContext value>
            <Outlet />
          </AppFrameContext>
        </Container>
      </main>
      <footer className="app-shell__footer py-3">
        <Container fluid="xl" className="small text-body-secondary">
          TVSistema · Gestión interna del grupo
        </Container>
      </footer>
    </div>
  );
};
