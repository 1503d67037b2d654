import type { ReactNode } from 'react';
import { Col, Form, type ColProps } from 'react-bootstrap';
import { useFormContext, type FieldPath } from 'react-hook-form';
import { useVisibleError } from '../../../components/resource/use-visible-error.js';
import type { MaquinaFormValues } from '../utils/maquina-form-values.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

type Name = FieldPath<MaquinaFormValues>;

export type FieldProps = {
  name: Name;
  label: string;
  col?: Pick<ColProps, 'xs' | 'sm' | 'md' | 'lg'>;
  type?: 'text' | 'date';
  inputMode?: 'decimal' | 'numeric' | 'text';
  placeholder?: string;
  hint?: ReactNode;
  className?: string;
  maxLength?: number;
  required?: boolean;
};

/** One labelled input of the machine form with its error (SPEC 5: shown once touched). */
export const Field = ({
  name,
  label,
  col = { xs: 12, sm: 6 },
  type = 'text',
  inputMode,
  placeholder,
  hint,
  className,
  maxLength,
  required,
}: FieldProps) => {
  const { register } = useFormContext<MaquinaFormValues>();
  const visibleError = useVisibleError<MaquinaFormValues>();
  const error = visibleError(name);
  const id = `maquina-${name.replace(/\./g, '-')}`;
  return (
    <Col {...col}>
      <Form.Group controlId={id}>
        <Form.Label>
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </Form.Label>
        <Form.Control
          type={type}
          {...(inputMode ? { inputMode } : {})}
          {...(placeholder ? { placeholder } : {})}
          {...(maxLength ? { maxLength } : {})}
          {...(className ? { className } : {})}
          aria-required={required || undefined}
          {...invalidProps(id, error, hint ? `${id}-hint` : undefined)}
          {...register(name)}
        />
        {hint && (
          <Form.Text id={`${id}-hint`} className="text-body-secondary">
            {hint}
          </Form.Text>
        )}
        <Form.Control.Feedback type="invalid" id={errorIdOf(id)}>
          {error}
        </Form.Control.Feedback>
      </Form.Group>
    </Col>
  );
};

/** A select of the machine form. */
export const SelectField = ({
  name,
  label,
  options,
  col = { xs: 12, sm: 6 },
  required,
}: {
  name: Name;
  label: string;
  options: readonly { value: string; label: string }[];
  col?: Pick<ColProps, 'xs' | 'sm' | 'md' | 'lg'>;
  required?: boolean;
}) => {
  const { register } = useFormContext<MaquinaFormValues>();
  const visibleError = useVisibleError<MaquinaFormValues>();
  const error = visibleError(name);
  return (
    <Col {...col}>
      <Form.Group controlId={`maquina-${name.replace(/\./g, '-')}`}>
        <Form.Label>
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </Form.Label>
        <Form.Select
          aria-required={required || undefined}
          {...invalidProps(`maquina-${name.replace(/\./g, '-')}`, error)}
          {...register(name)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid" id={errorIdOf(`maquina-${name.replace(/\./g, '-')}`)}>
          {error}
        </Form.Control.Feedback>
      </Form.Group>
    </Col>
  );
};
