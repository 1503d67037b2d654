import { Controller, type Control, type FieldError, type Path } from 'react-hook-form';
import type { UseFormRegister } from 'react-hook-form';
import { Form } from 'react-bootstrap';
import { sanitizePostalCodeInput } from '@tvsistema/domain';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

/** The fields every location form has: a name, or a postal code's value. */
type NameValues = { nombre: string; valor: string };

export type LocationNameFieldProps<Values extends NameValues> = {
  isPostalCode: boolean;
  controlId: string;
  /** "Nombre", "Nuevo nombre"…; a postal code's field is always "Código postal". */
  label: string;
  control: Control<Values, unknown, unknown>;
  register: UseFormRegister<Values>;
  disabled: boolean;
  error: FieldError | undefined;
};

/** The name (or postal code) of a location being created or renamed, with SPEC 5's input rules. */
export const LocationNameField = <Values extends NameValues>({
  isPostalCode,
  controlId,
  label,
  control,
  register,
  disabled,
  error,
}: LocationNameFieldProps<Values>) => (
  <Form.Group controlId={controlId}>
    <Form.Label>{isPostalCode ? 'Código postal' : label}</Form.Label>
    {isPostalCode ? (
      <Controller
        control={control}
        name={'valor' as Path<Values>}
        render={({ field }) => (
          <Form.Control
            {...field}
            value={String(field.value ?? '')}
            autoFocus
            autoComplete="off"
            maxLength={40}
            disabled={disabled}
            {...invalidProps(controlId, error?.message)}
            // SPEC 5: characters other than letters, digits, spaces and hyphens vanish as typed.
            onChange={(event) => field.onChange(sanitizePostalCodeInput(event.target.value))}
          />
        )}
      />
    ) : (
      <Form.Control
        {...register('nombre' as Path<Values>)}
        autoFocus
        autoComplete="off"
        disabled={disabled}
        {...invalidProps(controlId, error?.message)}
      />
    )}
    <Form.Control.Feedback type="invalid" id={errorIdOf(controlId)}>
      {error?.message}
    </Form.Control.Feedback>
    {!isPostalCode && (
      <Form.Text>Se guardará en mayúsculas, sin espacios al principio ni al final.</Form.Text>
    )}
  </Form.Group>
);
