import { NavDropdown } from 'react-bootstrap';
import { FiLogOut, FiSettings, FiUser } from 'react-icons/fi';
import { Link } from 'react-router';
import { displayName, userInitial } from '@tvsistema/domain';
import type { AuthUser } from '../../lib/auth-context.js';
import { LINKS } from './navigation-links.js';

export type UserMenuProps = {
  user: AuthUser | undefined;
  onLogout: () => void;
  /** Called when an entry opens a page: the phone menu closes so the page is not under it. */
  onNavigate?: () => void;
};

/** SPEC 2.14 user menu: Mi Perfil, Configuración, Cerrar Sesión. */
export const UserMenu = ({ user, onLogout, onNavigate }: UserMenuProps) => {
  const shortName = displayName(user);
  const title = (
    <span className="d-inline-flex align-items-center gap-2">
      <span className="user-menu__avatar" aria-hidden="true">
        {userInitial(user)}
      </span>
      {/* The toggle's own name: an aria-label on NavDropdown lands on its wrapper, never read. */}
      <span className="visually-hidden">Menú de usuario de </span>
      <span className="user-menu__name">{shortName}</span>
    </span>
  );

  return (
    <NavDropdown id="user-menu" className="user-menu" title={title} align="end">
      {user?.name || user?.email ? (
        // react-bootstrap makes a header role="heading" without a level (axe: critical): it is a
        // caption of the menu, not a heading of the page.
        <NavDropdown.Header className="user-menu__header" role="presentation">
          {user.name ? <span className="d-block fw-semibold text-body">{user.name}</span> : null}
          {user.email ? <span className="d-block small text-truncate">{user.email}</span> : null}
        </NavDropdown.Header>
      ) : null}
      <NavDropdown.Item as={Link} to={LINKS.profile} onClick={onNavigate}>
        <FiUser className="me-2" aria-hidden="true" />
        Mi Perfil
      </NavDropdown.Item>
      <NavDropdown.Item as={Link} to={LINKS.settings} onClick={onNavigate}>
        <FiSettings className="me-2" aria-hidden="true" />
        Configuración
      </NavDropdown.Item>
      <NavDropdown.Divider />
      <NavDropdown.Item as="button" type="button" className="text-danger" onClick={onLogout}>
        <FiLogOut className="me-2" aria-hidden="true" />
        Cerrar Sesión
      </NavDropdown.Item>
    </NavDropdown>
  );
};
