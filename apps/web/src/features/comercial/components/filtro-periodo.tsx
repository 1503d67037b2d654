import { Col, Form, InputGroup } from 'react-bootstrap';
import { COMERCIAL_MESSAGES as M } from '@tvsistema/domain';
import { periodoValido } from '../utils/list-states.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

// §5's date filters of the lists: "Emitido desde"/"hasta" (presupuestos), "Activos entre"
// (alquileres). Two date fields of the toolbar, a row each on a phone; a `hasta` before `desde`
// is marked and not sent.

export const FiltroPeriodo = ({
  id,
  etiquetas,
  nombreHasta,
  desde,
  hasta,
  onChange,
}: {
  id: string;
  /** The visible labels before each field. */
  etiquetas: readonly [string, string];
  /** The second field's accessible name ("hasta" alone says too little to a screen reader). */
  nombreHasta: string;
  desde: string;
  hasta: string;
  onChange: (patch: { desde?: string; hasta?: string }) => void;
}) => {
  const invalido = !periodoValido(desde, hasta);
  return (
    <>
      <Col xs={12} sm="auto">
        <InputGroup>
          <InputGroup.Text as="label" htmlFor={`${id}-desde`}>
            {etiquetas[0]}
          </InputGroup.Text>
          <Form.Control
            id={`${id}-desde`}
            type="date"
            value={desde}
            onChange={(e) => onChange({ desde: e.target.value })}
          />
        </InputGroup>
      </Col>
      <Col xs={12} sm="auto">
        <InputGroup hasValidation>
          <InputGroup.Text as="label" htmlFor={`${id}-hasta`}>
            {etiquetas[1]}
          </InputGroup.Text>
          <Form.Control
            id={`${id}-hasta`}
            type="date"
            aria-label={nombreHasta}
            value={hasta}
            {...invalidProps(`${id}-hasta`, invalido ? M.hastaAnteriorDesde : undefined)}
            onChange={(e) => onChange({ hasta: e.target.value })}
          />
          <Form.Control.Feedback type="invalid" id={errorIdOf(`${id}-hasta`)}>
            {M.hastaAnteriorDesde}
          </Form.Control.Feedback>
        </InputGroup>
      </Col>
    </>
  );
};
