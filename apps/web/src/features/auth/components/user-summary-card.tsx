import { useAuth0 } from '@auth0/auth0-react';
import { DEFAULT_DISPLAY_NAME } from '@tvsistema/domain';
import { Alert, Button, Card, ListGroup, Spinner } from 'react-bootstrap';
import { FiLogOut, FiMail, FiUser } from 'react-icons/fi';
import { useMe } from '../api/get-me.js';
import { useTokenRoles } from '../hooks/use-token-roles.js';
import { RoleBadges } from './role-badges.js';

const ServerRoles = () => {
  const me = useMe();
  if (me.isPending) {
    return (
      <span className="text-body-secondary" role="status">
        <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
        Consultando al servidor...
      </span>
    );
  }
  if (me.isError) {
    return (
      <Alert
        variant="danger"
        className="mb-0 d-flex align-items-center justify-content-between gap-2"
      >
        <span>{me.error.message}</span>
        <Button size="sm" variant="outline-danger" onClick={() => void me.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  }
  return (
    <RoleBadges
      roles={me.data.roles}
      label="Roles según el servidor"
      testId="api-roles"
      variant="success"
    />
  );
};

/** Signed-in state: who the user is, according to the ID token and according to the API. */
export const UserSummaryCard = () => {
  const { user, logout } = useAuth0();
  const tokenRoles = useTokenRoles();

  return (
    <Card className="shadow-sm">
      <Card.Header className="bg-body py-3">
        <div className="d-flex align-items-center gap-2">
          <FiUser className="text-primary" size={22} aria-hidden="true" />
          <h2 className="h5 mb-0">{user?.name ?? DEFAULT_DISPLAY_NAME}</h2>
        </div>
        {user?.email ? (
          <div className="text-body-secondary small mt-1">
            <FiMail className="me-1" aria-hidden="true" />
            {user.email}
          </div>
        ) : null}
      </Card.Header>
      <ListGroup variant="flush">
        <ListGroup.Item className="py-3">
          <h3 className="h6 text-body-secondary mb-2">Roles en el token</h3>
          <RoleBadges roles={tokenRoles} label="Roles en el token" testId="token-roles" />
        </ListGroup.Item>
        <ListGroup.Item className="py-3">
          <h3 className="h6 text-body-secondary mb-2">Roles según el servidor</h3>
          <ServerRoles />
        </ListGroup.Item>
      </ListGroup>
      <Card.Footer className="bg-body text-end py-3">
        <Button
          variant="outline-danger"
          onClick={() => void logout({ logoutParams: { returnTo: window.location.origin } })}
        >
          <FiLogOut className="me-2" aria-hidden="true" />
          Cerrar Sesión
        </Button>
      </Card.Footer>
    </Card>
  );
};
