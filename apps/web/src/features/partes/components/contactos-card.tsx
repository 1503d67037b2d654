import { LIMITS } from '@tvsistema/domain';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { FaAddressBook, FaPlus, FaTrashAlt } from 'react-icons/fa';
import { BLANK_CONTACTO, type ParteFormValues } from '../utils/form-rules.js';
import { SectionCard } from '../../../components/resource/section-card.js';
import { useVisibleError } from '../../../components/resource/use-visible-error.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

/** SPEC 4.6: at least one row remains; delete buttons only when there are two or more. */
export const ContactosCard = ({ readOnly }: { readOnly: boolean }) => {
  const { control, register } = useFormContext<ParteFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'contactos' });
  const visibleError = useVisibleError<ParteFormValues>();
  return (
    <SectionCard
      title="Contactos"
      icon={<FaAddressBook />}
      actions={
        !readOnly && (
          <Button
            size="sm"
            variant="outline-secondary"
            // The server keeps at most LIMITS.contactos.max (issue 12); a further row could not be saved.
            disabled={fields.length >= LIMITS.contactos.max}
            onClick={() => append({ ...BLANK_CONTACTO })}
          >
            <FaPlus aria-hidden="true" className="me-1" />
            Añadir contacto
          </Button>
        )
      }
    >
      {fields.map((field, index) => {
        const nombreError = visibleError(`contactos.${index}.nombre`);
        const telefonoError = visibleError(`contactos.${index}.telefono`);
        const correoError = visibleError(`contactos.${index}.correo`);
        return (
          <fieldset
            key={field.id}
            className={index > 0 ? 'border-top pt-3 mt-3' : undefined}
            aria-label={`Contacto ${index + 1}`}
          >
            <div className="d-flex justify-content-between align-items-center mb-2">
              <legend className="h6 mb-0 fs-6 text-body-secondary">Contacto {index + 1}</legend>
              {!readOnly && fields.length > 1 && (
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={`Eliminar contacto ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  <FaTrashAlt />
                </Button>
              )}
            </div>
            <Row className="g-2">
              <Col xs={12}>
                <Form.Group controlId={`contactos-${index}-nombre`}>
                  <Form.Label className="small mb-1">Nombre</Form.Label>
                  <Form.Control
                    {...register(`contactos.${index}.nombre`)}
                    autoComplete="name"
                    {...invalidProps(`contactos-${index}-nombre`, nombreError)}
                  />
                  <Form.Control.Feedback type="invalid" id={errorIdOf(`contactos-${index}-nombre`)}>
                    {nombreError}
                  </Form.Control.Feedback>
                </Form.Group>
              </Col>
              <Col sm={6}>
                <Form.Group controlId={`contactos-${index}-telefono`}>
                  <Form.Label className="small mb-1">Teléfono</Form.Label>
                  <Form.Control
                    {...register(`contactos.${index}.telefono`)}
                    type="tel"
                    autoComplete="tel"
                    {...invalidProps(`contactos-${index}-telefono`, telefonoError)}
                  />
                  <Form.Control.Feedback
                    type="invalid"
                    id={errorIdOf(`contactos-${index}-telefono`)}
                  >
                    {telefonoError}
                  </Form.Control.Feedback>
                </Form.Group>
              </Col>
              <Col sm={6}>
                <Form.Group controlId={`contactos-${index}-correo`}>
                  <Form.Label className="small mb-1">Correo electrónico</Form.Label>
                  <Form.Control
                    {...register(`contactos.${index}.correo`)}
                    type="email"
                    autoComplete="email"
                    {...invalidProps(`contactos-${index}-correo`, correoError)}
                  />
                  <Form.Control.Feedback type="invalid" id={errorIdOf(`contactos-${index}-correo`)}>
                    {correoError}
                  </Form.Control.Feedback>
                </Form.Group>
              </Col>
            </Row>
          </fieldset>
        );
      })}
    </SectionCard>
  );
};
