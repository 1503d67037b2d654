import { useState } from 'react';
import { Container, Nav, Navbar, NavDropdown } from 'react-bootstrap';
import { FiHome } from 'react-icons/fi';
import { Link, NavLink, useLocation } from 'react-router';
import { SYSTEMS, isSystemId, type SystemId } from '@tvsistema/domain';
import type { AuthUser } from '../../lib/auth-context.js';
import { LINKS, NAV_MENUS, type NavEntry } from './navigation-links.js';
import { SystemSwitcher } from './system-switcher.js';
import { UserMenu } from './user-menu.js';

export type AppNavbarProps = {
  user: AuthUser | undefined;
  currentSystem: SystemId | null;
  availableSystems: readonly SystemId[];
  onSwitchSystem: (system: SystemId) => void;
  switching?: SystemId | null;
  onLogout: () => void;
};

const isUnder = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

const entryIsActive = (entry: NavEntry, pathname: string) =>
  entry.kind === 'link'
    ? isUnder(pathname, entry.to)
    : entry.items.some((item) => isUnder(pathname, item.to));

// Issue 13: the logos' pixel sizes (public/), so the browser reserves the logo's width before the
// image arrives (CSS sets the height) and the menus beside it do not move. The navbar shows a logo
// 34–40 px tall, so it offers a copy 84 px tall (`-navbar.png`, scaled from the full logo by
// Chromium's high-quality resampler: sharp up to a 2.1× screen) beside the full one, which the
// selection page shows large: on a phone the full logo (24 KB) was the largest download after the
// scripts. `sizes` is the logo's width at the desktop height (40 px).
type NavbarLogo = { width: number; height: number; navbar: string; navbarWidth: number };
const LOGOS: Partial<Record<string, NavbarLogo>> = {
  '/logo.png': { width: 946, height: 240, navbar: '/logo-navbar.png', navbarWidth: 331 },
  '/logo_transportes.png': {
    width: 958,
    height: 240,
    navbar: '/logo_transportes-navbar.png',
    navbarWidth: 335,
  },
  '/logo_trabajosVerticales.png': {
    width: 896,
    height: 240,
    navbar: '/logo_trabajosVerticales-navbar.png',
    navbarWidth: 314,
  },
};

/** The img attributes of a system's logo in the navbar. */
const navbarLogoProps = (src: string) => {
  const logo = LOGOS[src];
  if (!logo) return { src };
  const { width, height, navbar, navbarWidth } = logo;
  return {
    src,
    width,
    height,
    srcSet: `${navbar} ${navbarWidth}w, ${src} ${width}w`,
    sizes: `${Math.ceil((width * 40) / height)}px`,
  };
};

/** SPEC 2.14 navbar: system logo, Inicio, the system's menus, the switcher and the user menu. */
export const AppNavbar = ({
  user,
  currentSystem,
  availableSystems,
  onSwitchSystem,
  switching = null,
  onLogout,
}: AppNavbarProps) => {
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState(false);
  const system = isSystemId(currentSystem) ? SYSTEMS[currentSystem] : null;
  const entries: readonly NavEntry[] = system ? NAV_MENUS[system.id] : [];
  // On a phone the menu is a drawer: close it once the user picks a destination.
  const collapse = () => setExpanded(false);

  return (
    <Navbar
      expand="lg"
      className="app-navbar"
      expanded={expanded}
      onToggle={setExpanded}
      aria-label="Navegación principal"
    >
      <Container fluid="xl">
        <Navbar.Brand
          as={Link}
          to={LINKS.dashboard}
          className="app-navbar__brand"
          onClick={collapse}
        >
          {system ? (
            <img alt={system.name} className="app-navbar__logo" {...navbarLogoProps(system.logo)} />
          ) : (
            <span className="fw-bold">TVSistema</span>
          )}
        </Navbar.Brand>
        {/* A disclosure button says whether its menu is open (react-bootstrap sets only a class). */}
        <Navbar.Toggle
          aria-controls="app-navbar-menu"
          aria-expanded={expanded}
          label="Abrir menú"
        />
        <Navbar.Collapse id="app-navbar-menu">
          <Nav className="me-auto app-navbar__menus">
            <Nav.Link as={NavLink} to={LINKS.dashboard} end onClick={collapse}>
              <FiHome className="me-1 d-lg-none d-xl-inline" aria-hidden="true" />
              Inicio
            </Nav.Link>
            {entries.map((entry) =>
              entry.kind === 'link' ? (
                <Nav.Link key={entry.label} as={NavLink} to={entry.to} onClick={collapse}>
                  {entry.label}
                </Nav.Link>
              ) : (
                <NavDropdown
                  key={entry.label}
                  id={`menu-${entry.label}`}
                  title={entry.label}
                  active={entryIsActive(entry, pathname)}
                >
                  {entry.items.map((item) => (
                    <NavDropdown.Item key={item.to} as={NavLink} to={item.to} onClick={collapse}>
                      {item.label}
                    </NavDropdown.Item>
                  ))}
                </NavDropdown>
              ),
            )}
          </Nav>
          <Nav className="app-navbar__tools align-items-lg-center">
            <SystemSwitcher
              currentSystem={currentSystem}
              availableSystems={availableSystems}
              switching={switching}
              onSelect={(target) => {
                collapse();
                onSwitchSystem(target);
              }}
            />
            <UserMenu user={user} onLogout={onLogout} onNavigate={collapse} />
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
};
