import { useId } from 'react';
import { Form } from 'react-bootstrap';

/** A labelled, controlled field of the obras screens (a text, a date, a number). */
export const Campo = ({
  label,
  value,
  onChange,
  type = 'text',
  compacto = false,
  min,
  max,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  type?: string;
  /** Small, for a modal full of fields (the operario's). */
  compacto?: boolean;
  min?: string;
  max?: string;
}) => {
  const id = useId();
  return (
    <Form.Group>
      <Form.Label htmlFor={id} {...(compacto ? { className: 'small mb-1' } : {})}>
        {label}
      </Form.Label>
      <Form.Control
        id={id}
        {...(compacto ? { size: 'sm' as const } : {})}
        type={type}
        min={min}
        max={max}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Form.Group>
  );
};
