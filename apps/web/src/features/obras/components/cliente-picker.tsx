import { useEffect, useId, useState } from 'react';
import { Alert, Button, Col, Form, Modal } from 'react-bootstrap';
import { useFormContext, useWatch } from 'react-hook-form';
import { useVisibleError } from '../../../components/resource/use-visible-error.js';
import { isApiError } from '../../../lib/api-client.js';
import { useClientesVerticales, useCrearClienteVerticales } from '../api/clientes.js';
import { OBRAS_TEXTS as T } from '../obras-texts.js';
import type { ObraFormValues } from '../utils/obra-form-values.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

const DEBOUNCE_MS = 300;

/**
 * "Nuevo Cliente" (§5.6), from the client picker's "Crear nuevo: ": a verticales client with its
 * name and, optionally, its documento. The Clientes tab edits clients with the full party form.
 */
export const NuevoClienteModal = ({
  nombreInicial,
  onHide,
  onCreado,
}: {
  nombreInicial: string;
  onHide: () => void;
  onCreado: (cliente: { _id: string; nombre: string }) => void;
}) => {
  const id = useId();
  const crear = useCrearClienteVerticales();
  const [nombre, setNombre] = useState(nombreInicial);
  const [documento, setDocumento] = useState('');
  const [error, setError] = useState<string[] | undefined>();
  const guardar = async () => {
    setError(undefined);
    try {
      onCreado(await crear.mutateAsync({ nombre, ...(documento ? { documento } : {}) }));
    } catch (cause) {
      setError(
        isApiError(cause) ? [cause.message, ...(cause.errors ?? []).map(String)] : [String(cause)],
      );
    }
  };
  return (
    <Modal show onHide={onHide} aria-labelledby={`${id}-titulo`}>
      <Modal.Header closeButton closeLabel={T.cerrar}>
        <Modal.Title id={`${id}-titulo`}>{T.nuevoCliente}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && (
          <Alert variant="danger" role="alert">
            {error.join(' · ')}
          </Alert>
        )}
        <Form.Group className="mb-3">
          <Form.Label htmlFor={`${id}-nombre`}>{T.clienteNombre}</Form.Label>
          <Form.Control
            id={`${id}-nombre`}
            value={nombre}
            onChange={(e) => setNombre(e.target.value)}
          />
        </Form.Group>
        <Form.Group>
          <Form.Label htmlFor={`${id}-documento`}>{T.clienteDocumento}</Form.Label>
          <Form.Control
            id={`${id}-documento`}
            value={documento}
            onChange={(e) => setDocumento(e.target.value)}
          />
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {T.cancelar}
        </Button>
        <Button onClick={() => void guardar()} disabled={crear.isPending || nombre.trim() === ''}>
          {T.guardar}
        </Button>
      </Modal.Footer>
    </Modal>
  );
};

/**
 * §5.6 Cliente: a search over the verticales clients and the select of its matches; a search with
 * no exact match offers "Crear nuevo: {texto}", which opens "Nuevo Cliente".
 */
export const ClientePicker = ({
  actual,
  canCreate,
}: {
  actual: { _id: string; nombre: string } | null;
  canCreate: boolean;
}) => {
  const { register, control, setValue } = useFormContext<ObraFormValues>();
  const visibleError = useVisibleError<ObraFormValues>();
  const error = visibleError('clienteId');
  const selected = useWatch({ control, name: 'clienteId' });
  const field = register('clienteId');
  const id = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [creando, setCreando] = useState(false);
  const [chosen, setChosen] = useState(actual);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const query = useClientesVerticales(term);
  const options = [...(query.data?.data ?? [])].map((c) => ({ _id: c._id, nombre: c.nombre }));
  if (chosen && chosen._id === selected && !options.some((o) => o._id === chosen._id))
    options.unshift(chosen);
  const exacto = options.some((o) => o.nombre.toLowerCase() === text.trim().toLowerCase());
  return (
    <Col xs={12}>
      <Form.Group>
        <Form.Label htmlFor={`${id}-select`}>{T.fields.cliente}</Form.Label>
        <div className="d-flex flex-wrap gap-2 mb-1">
          <Form.Control
            id={`${id}-buscar`}
            type="search"
            size="sm"
            className="flex-grow-1 w-auto"
            aria-label={T.clienteBuscar}
            placeholder={T.clienteBuscar}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          {canCreate && text.trim() !== '' && !exacto && (
            <Button size="sm" variant="outline-primary" onClick={() => setCreando(true)}>
              {T.crearNuevo}
              {text.trim()}
            </Button>
          )}
        </div>
        <Form.Select
          id={`${id}-select`}
          {...field}
          // Controlled: a client created in the modal is chosen before its option is rendered.
          value={selected}
          {...invalidProps(`${id}-select`, error)}
          onChange={(event) => {
            setChosen(options.find((o) => o._id === event.target.value) ?? null);
            void field.onChange(event);
          }}
        >
          <option value="">{T.clienteElegir}</option>
          {options.map((option) => (
            <option key={option._id} value={option._id}>
              {option.nombre}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid" id={errorIdOf(`${id}-select`)}>
          {error}
        </Form.Control.Feedback>
      </Form.Group>
      {creando && (
        <NuevoClienteModal
          nombreInicial={text.trim()}
          onHide={() => setCreando(false)}
          onCreado={(cliente) => {
            setChosen(cliente);
            setCreando(false);
            setText('');
            setValue('clienteId', cliente._id, { shouldDirty: true, shouldValidate: true });
          }}
        />
      )}
    </Col>
  );
};
