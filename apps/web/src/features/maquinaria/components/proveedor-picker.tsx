import { useEffect, useId, useState } from 'react';
import { Col, Form } from 'react-bootstrap';
import { useFormContext, useWatch } from 'react-hook-form';
import { useVisibleError } from '../../../components/resource/use-visible-error.js';
import { useProveedoresAlquileres } from '../api/get-proveedores.js';
import type { MaquinaFormValues } from '../utils/maquina-form-values.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

const DEBOUNCE_MS = 300;

/**
 * §5.2 Compra › Proveedor: a search box over the suppliers of empresa alquileres and the select of
 * its matches, "Sin proveedor" first. The machine's current supplier stays offered.
 */
export const ProveedorPicker = ({ actual }: { actual: { _id: string; nombre: string } | null }) => {
  const { register, control } = useFormContext<MaquinaFormValues>();
  const visibleError = useVisibleError<MaquinaFormValues>();
  const error = visibleError('proveedorId');
  const selected = useWatch({ control, name: 'proveedorId' });
  const id = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const query = useProveedoresAlquileres(term);
  const [chosen, setChosen] = useState(actual);
  const options = [...(query.data ?? [])];
  if (chosen && chosen._id === selected && !options.some((o) => o._id === chosen._id)) {
    options.unshift(chosen);
  }
  const field = register('proveedorId');
  return (
    <Col xs={12}>
      <Form.Group>
        <Form.Label htmlFor={`${id}-select`}>Proveedor</Form.Label>
        <Form.Control
          id={`${id}-buscar`}
          type="search"
          size="sm"
          className="mb-1"
          aria-label="Buscar proveedor"
          placeholder="Buscar proveedor…"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Form.Select
          id={`${id}-select`}
          {...field}
          {...invalidProps(`${id}-select`, error)}
          onChange={(event) => {
            const option = options.find((o) => o._id === event.target.value);
            setChosen(option ?? null);
            void field.onChange(event);
          }}
        >
          <option value="">Sin proveedor</option>
          {options.map((option) => (
            <option key={option._id} value={option._id}>
              {option.nombre}
            </option>
          ))}
        </Form.Select>
        {query.isFetching && (
          <Form.Text className="text-body-secondary" role="status">
            Buscando proveedores…
          </Form.Text>
        )}
        <Form.Control.Feedback type="invalid" id={errorIdOf(`${id}-select`)}>
          {error}
        </Form.Control.Feedback>
      </Form.Group>
    </Col>
  );
};
