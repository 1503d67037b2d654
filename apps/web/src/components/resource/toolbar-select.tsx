import { Col, Form, type ColProps } from 'react-bootstrap';

export type ToolbarOption<V extends string | number> = { value: V; label: string };

export type ToolbarSelectProps<V extends string | number> = {
  /** The select's accessible name. */
  label: string;
  value: V;
  options: readonly ToolbarOption<V>[];
  onChange: (value: V) => void;
  /** Its column in the toolbar row; half a phone row by default. */
  col?: Pick<ColProps, 'xs' | 'sm'>;
};

/** One select of the list toolbar: a module filter, the sort or the page size. */
export const ToolbarSelect = <V extends string | number>({
  label,
  value,
  options,
  onChange,
  col = { xs: 6, sm: 'auto' },
}: ToolbarSelectProps<V>) => (
  <Col {...col}>
    <Form.Select
      aria-label={label}
      value={value}
      onChange={(event) =>
        onChange((typeof value === 'number' ? Number(event.target.value) : event.target.value) as V)
      }
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Form.Select>
  </Col>
);
