import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { FiCheckCircle, FiRotateCcw, FiSave } from 'react-icons/fi';
import { MESSAGES, TIMINGS } from '@tvsistema/domain';
import { useBannerFocus } from '../../components/resource/use-banner-focus.js';
import type { ProfileValues } from './profile-values.js';
import { errorIdOf, invalidProps } from '../../components/resource/invalid-field.js';

export type ProfileFormProps = {
  initialValues: ProfileValues;
  onSave: (values: ProfileValues) => Promise<void>;
};

const SAVED_TEXT = '¡Perfil actualizado correctamente!';
const SAVE_FAILED_TEXT = 'No se pudo guardar la información del perfil. Intente nuevamente.';

type Field = { name: keyof ProfileValues; label: string; type: string; autoComplete: string };

const FIELDS = [
  { name: 'nombre', label: 'Nombre', type: 'text', autoComplete: 'given-name' },
  { name: 'apellido', label: 'Apellido', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Correo electrónico', type: 'email', autoComplete: 'email' },
  { name: 'telefono', label: 'Teléfono', type: 'tel', autoComplete: 'tel' },
  { name: 'empresa', label: 'Empresa', type: 'text', autoComplete: 'organization' },
  { name: 'cargo', label: 'Cargo', type: 'text', autoComplete: 'organization-title' },
] as const satisfies readonly Field[];

/** SPEC 2.10 form: email read-only, Restablecer / Guardar cambios, 3 s success message. */
export const ProfileForm = ({ initialValues, onSave }: ProfileFormProps) => {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileValues>({ defaultValues: initialValues });
  const [status, setStatus] = useState<'idle' | 'saved' | 'failed'>('idle');
  const bannerRef = useBannerFocus(status === 'saved');

  useEffect(() => {
    if (status !== 'saved') return;
    const id = window.setTimeout(() => setStatus('idle'), TIMINGS.profileSuccess);
    return () => window.clearTimeout(id);
  }, [status]);

  const submit = handleSubmit(async (values) => {
    setStatus('idle');
    try {
      await onSave(values);
      // The saved values become the new baseline for "Restablecer".
      reset(values);
      setStatus('saved');
    } catch {
      setStatus('failed');
    }
  });

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label="Datos del perfil">
      <Card>
        <Card.Header className="fw-semibold">Información personal</Card.Header>
        <Card.Body>
          {status === 'saved' ? (
            <Alert
              ref={bannerRef}
              tabIndex={-1}
              variant="success"
              className="d-flex align-items-center gap-2"
              role="status"
            >
              <FiCheckCircle aria-hidden="true" />
              {SAVED_TEXT}
            </Alert>
          ) : null}
          {status === 'failed' ? <Alert variant="danger">{SAVE_FAILED_TEXT}</Alert> : null}
          <Row className="g-3">
            {FIELDS.map((field) => {
              const readOnly = field.name === 'email';
              const error = errors[field.name]?.message;
              return (
                <Col md={6} key={field.name}>
                  <Form.Group controlId={`perfil-${field.name}`}>
                    <Form.Label>{field.label}</Form.Label>
                    <Form.Control
                      type={field.type}
                      autoComplete={field.autoComplete}
                      readOnly={readOnly}
                      className={readOnly ? 'bg-body-tertiary' : undefined}
                      {...invalidProps(
                        `perfil-${field.name}`,
                        error,
                        readOnly ? 'perfil-email-nota' : undefined,
                      )}
                      {...register(
                        field.name,
                        field.name === 'nombre'
                          ? {
                              validate: (value) =>
                                value.trim() !== '' || MESSAGES.validation.nameRequired,
                            }
                          : {},
                      )}
                    />
                    {readOnly ? (
                      <Form.Text id="perfil-email-nota">
                        El correo electrónico no se puede cambiar directamente.
                      </Form.Text>
                    ) : null}
                    <Form.Control.Feedback type="invalid" id={errorIdOf(`perfil-${field.name}`)}>
                      {error}
                    </Form.Control.Feedback>
                  </Form.Group>
                </Col>
              );
            })}
          </Row>
        </Card.Body>
        <Card.Footer className="d-flex flex-column flex-sm-row justify-content-end gap-2 py-3">
          <Button
            type="button"
            variant="outline-secondary"
            disabled={isSubmitting || !isDirty}
            onClick={() => {
              reset();
              setStatus('idle');
            }}
          >
            <FiRotateCcw className="me-2" aria-hidden="true" />
            Restablecer
          </Button>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {isSubmitting ? (
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            ) : (
              <FiSave className="me-2" aria-hidden="true" />
            )}
            Guardar cambios
          </Button>
        </Card.Footer>
      </Card>
    </Form>
  );
};
