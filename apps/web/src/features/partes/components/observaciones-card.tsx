import { LIMITS } from '@tvsistema/domain';
import { Button, Form } from 'react-bootstrap';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { FaPlus, FaStickyNote, FaTrashAlt } from 'react-icons/fa';
import { BLANK_OBSERVACION, type ParteFormValues } from '../utils/form-rules.js';
import { SectionCard } from '../../../components/resource/section-card.js';
import { useVisibleError } from '../../../components/resource/use-visible-error.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

/** Free-text lines; blank ones are dropped on save. At least one row remains (SPEC 4.6). */
export const ObservacionesCard = ({ readOnly }: { readOnly: boolean }) => {
  const { control, register } = useFormContext<ParteFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'observaciones' });
  const visibleError = useVisibleError<ParteFormValues>();
  return (
    <SectionCard
      title="Observaciones"
      icon={<FaStickyNote />}
      actions={
        !readOnly && (
          <Button
            size="sm"
            variant="outline-secondary"
            // The server keeps at most LIMITS.observaciones.max (issue 12); a further row could not be saved.
            disabled={fields.length >= LIMITS.observaciones.max}
            onClick={() => append({ ...BLANK_OBSERVACION })}
          >
            <FaPlus aria-hidden="true" className="me-1" />
            Añadir observación
          </Button>
        )
      }
    >
      {fields.map((field, index) => {
        const error = visibleError(`observaciones.${index}.texto`);
        return (
          <div key={field.id} className="d-flex gap-2 align-items-start mb-2">
            <Form.Group className="flex-grow-1" controlId={`observaciones-${index}`}>
              <Form.Label visuallyHidden>Observación {index + 1}</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                maxLength={2000}
                {...register(`observaciones.${index}.texto`)}
                {...invalidProps(`observaciones-${index}`, error)}
              />
              <Form.Control.Feedback type="invalid" id={errorIdOf(`observaciones-${index}`)}>
                {error}
              </Form.Control.Feedback>
            </Form.Group>
            {!readOnly && fields.length > 1 && (
              <Button
                size="sm"
                variant="outline-danger"
                aria-label={`Eliminar observación ${index + 1}`}
                onClick={() => remove(index)}
              >
                <FaTrashAlt />
              </Button>
            )}
          </div>
        );
      })}
    </SectionCard>
  );
};
