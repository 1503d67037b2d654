import { useState } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';
import { useOpciones, type FechasPicker, type Opcion } from '../api/comercial-api.js';

// A search box and the matching items (inventario.md §6.4 pickers, clients of §6): type, choose,
// add; machines and components searched over the new line's dates tell their availability.
// A native select keeps it usable with the keyboard and a screen reader at 390 px.

export const ArticuloPicker = ({
  tipo,
  id,
  label,
  placeholder,
  accion,
  fechas,
  inicial,
  error,
  onElegir,
}: {
  tipo: 'clientes' | 'maquinas' | 'componentes' | 'conceptos';
  id: string;
  label: string;
  placeholder: string;
  /** The button's text; without one, choosing in the select is the action. */
  accion?: string;
  /** Machines and components: the new line's dates, whose availability each option tells. */
  fechas?: FechasPicker | undefined;
  /** A search and an item already chosen (the calendar's free day: that machine). */
  inicial?: { q: string; elegido: string } | undefined;
  /** Why the form refused what was chosen here ("El cliente es obligatorio"), under the select. */
  error?: string | undefined;
  onElegir: (opcion: Opcion) => void;
}) => {
  const [q, setQ] = useState(inicial?.q ?? '');
  const [elegido, setElegido] = useState(inicial?.elegido ?? '');
  const opciones = useOpciones(tipo, q, fechas);
  const lista = opciones.data ?? [];
  const elegir = (valor: string) => {
    const opcion = lista.find((o) => o._id === valor);
    if (opcion) onElegir(opcion);
  };
  return (
    <Row className="g-2 align-items-end">
      <Form.Group as={Col} sm={5} controlId={`${id}-buscar`}>
        <Form.Label className="small mb-1">{placeholder}</Form.Label>
        <Form.Control
          size="sm"
          value={q}
          placeholder={placeholder}
          onChange={(e) => setQ(e.target.value)}
          autoComplete="off"
        />
      </Form.Group>
      <Form.Group as={Col} sm={accion ? 5 : 7} controlId={id}>
        <Form.Label className="small mb-1">{label}</Form.Label>
        <Form.Select
          size="sm"
          {...invalidProps(id, error)}
          value={elegido}
          onChange={(e) => {
            setElegido(e.target.value);
            if (!accion) elegir(e.target.value);
          }}
        >
          <option value="">{opciones.isFetching ? 'Buscando…' : `Elige (${lista.length})`}</option>
          {lista.map((o) => (
            <option key={o._id} value={o._id}>
              {o.disponibilidad ? `${o.etiqueta} · ${o.disponibilidad}` : o.etiqueta}
            </option>
          ))}
        </Form.Select>
        {error && (
          <Form.Control.Feedback type="invalid" id={errorIdOf(id)}>
            {error}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      {accion && (
        <Col sm={2}>
          <Button
            size="sm"
            variant="outline-primary"
            className="w-100"
            disabled={!elegido}
            onClick={() => {
              elegir(elegido);
              setElegido('');
            }}
          >
            {accion}
          </Button>
        </Col>
      )}
    </Row>
  );
};
