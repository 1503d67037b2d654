import { Alert, Badge, Button, Card, Col, Row } from 'react-bootstrap';
import { FiLock } from 'react-icons/fi';
import { ROLE_LABELS, TIMINGS, userInitial } from '@tvsistema/domain';
import { useAuthContext } from '../../lib/auth-context.js';
import { ProfileForm } from './profile-form.js';
import { profileValuesFrom, type ProfileValues } from './profile-values.js';

export type ProfilePageProps = {
  /** Where the profile is saved; SPEC 2.10 only simulates it (about 0.8 s, no call). */
  saveProfile?: (values: ProfileValues) => Promise<void>;
};

const simulateSave = () =>
  new Promise<void>((resolve) => window.setTimeout(resolve, TIMINGS.simulatedSave));

/** SPEC 2.10 "Mi Perfil". */
export const ProfilePage = ({ saveProfile = simulateSave }: ProfilePageProps) => {
  const { isAuthenticated, user, roles } = useAuthContext();

  if (!isAuthenticated || !user) {
    return <Alert variant="warning">Debes iniciar sesión para ver tu perfil.</Alert>;
  }

  const initialValues = profileValuesFrom(user);
  const fullName = [initialValues.nombre, initialValues.apellido].filter(Boolean).join(' ');
  const position = [initialValues.cargo, initialValues.empresa].filter(Boolean).join(' · ');

  return (
    <>
      <header className="mb-4">
        <h1 className="h3 fw-bold mb-1">Mi Perfil</h1>
        <p className="text-body-secondary mb-0">Consulta y actualiza tus datos de contacto.</p>
      </header>
      <Row className="g-4">
        <Col lg={4}>
          <Card className="text-center">
            <Card.Body className="p-4">
              <span className="profile-avatar mb-3" aria-hidden="true">
                {userInitial(user)}
              </span>
              <h2 className="h5 mb-1">{fullName || user.email}</h2>
              {position ? <p className="text-body-secondary mb-2">{position}</p> : null}
              {initialValues.email ? (
                <p className="small text-body-secondary text-break mb-3">{initialValues.email}</p>
              ) : null}
              {roles.length > 0 ? (
                <div
                  className="d-flex flex-wrap justify-content-center gap-1"
                  role="group"
                  aria-label="Roles"
                >
                  {roles.map((role) => (
                    <Badge key={role} bg="light" text="dark" className="border fw-medium">
                      {ROLE_LABELS[role]}
                    </Badge>
                  ))}
                </div>
              ) : null}
            </Card.Body>
          </Card>
        </Col>
        <Col lg={8}>
          <ProfileForm initialValues={initialValues} onSave={saveProfile} />
          <Card className="mt-4">
            <Card.Header className="fw-semibold">Seguridad</Card.Header>
            <Card.Body className="d-flex flex-column flex-sm-row align-items-sm-center justify-content-between gap-3">
              <p className="small text-body-secondary mb-0">
                La contraseña se gestiona en el proveedor de identidad de la empresa.
              </p>
              <Button variant="outline-secondary" disabled className="flex-shrink-0">
                <FiLock className="me-2" aria-hidden="true" />
                Cambiar contraseña
              </Button>
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </>
  );
};
