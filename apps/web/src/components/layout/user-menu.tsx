import { NavDropdown } from 'react-bootstrap';
import { FiLogOut, FiSettings, FiUser } from 'react-icons/fi';
import { Link } from 'react-router';
import { displayName, userInitial } from '@tvsistema/domain';
import type { AuthUser } from '../../lib/auth-context.js';
import { LINKS } from './navigation-links.js';

export type UserMenuProps = {
  user: AuthUser | undefined;
  onLogout: () => void;
};

/** SPEC 2.14 user menu: Mi Perfil, Configuración, Cerrar Sesión. */
export const UserMenu = ({ user, onLogout }: UserMenuProps) => {
  const shortName = displayName(user);
  const title = (
    <span className="d-inline-flex align-items-center gap-2">
      <span className="user-menu__avatar" aria-hidden="true">
        {userInitial(user)}
      </span>
      <span className="user-menu__name">{shortName}</span>
    </span>
  );

  return (
    <NavDropdown
      id="user-menu"
      className="user-menu"
      title={title}
      align="end"
      aria-label={`Menú de usuario de ${shortName}`}
    >
      {user?.name || user?.email ? (
        <NavDropdown.Header className="user-menu__header">
          {user.name ? <span className="d-block fw-semibold text-body">{user.name}</span> : null}
          {user.email ? <span className="d-block small text-truncate">{user.email}</span> : null}
        </NavDropdown.Header>
      ) : null}
      <NavDropdown.Item as={Link} to={LINKS.profile}>
        <FiUser className="me-2" aria-hidden="true" />
        Mi Perfil
      </NavDropdown.Item>
      <NavDropdown.Item as={Link} to={LINKS.settings}>
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
