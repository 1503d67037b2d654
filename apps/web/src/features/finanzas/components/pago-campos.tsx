import { Form } from 'react-bootstrap';

export type PagoForm = { fecha: string; importe: string; medio: string; referencia: string };

/** Fecha, Importe, Medio and Referencia of a cobro, devolución or pago (§5 modals share them). */
export const PagoCampos = ({
  id,
  value,
  onChange,
  medios,
}: {
  /** Prefix of the fields' ids (`cobro`, `pago`). */
  id: string;
  value: PagoForm;
  onChange: (value: PagoForm) => void;
  medios: readonly { value: string; label: string }[];
}) => (
  <div className="d-grid gap-2">
    <Form.Group controlId={`${id}-fecha`}>
      <Form.Label>Fecha</Form.Label>
      <Form.Control
        type="date"
        value={value.fecha}
        onChange={(e) => onChange({ ...value, fecha: e.target.value })}
      />
    </Form.Group>
    <Form.Group controlId={`${id}-importe`}>
      <Form.Label>Importe</Form.Label>
      <Form.Control
        inputMode="decimal"
        value={value.importe}
        onChange={(e) => onChange({ ...value, importe: e.target.value.replace(',', '.') })}
      />
    </Form.Group>
    <Form.Group controlId={`${id}-medio`}>
      <Form.Label>Medio</Form.Label>
      <Form.Select
        value={value.medio}
        onChange={(e) => onChange({ ...value, medio: e.target.value })}
      >
        {medios.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
    <Form.Group controlId={`${id}-referencia`}>
      <Form.Label>Referencia</Form.Label>
      <Form.Control
        value={value.referencia}
        onChange={(e) => onChange({ ...value, referencia: e.target.value })}
      />
    </Form.Group>
  </div>
);
