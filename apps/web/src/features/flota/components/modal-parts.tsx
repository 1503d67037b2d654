import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Col, Form, Modal, Row } from 'react-bootstrap';
import type { Camion } from '@tvsistema/domain';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { FLOTA_TEXTS as T } from '../flota-texts.js';

// The frame and inputs of the detail's small modals (§5.3).

export const errorText = (cause: unknown) =>
  isApiError(cause) && cause.errors?.length
    ? `${cause.message}: ${cause.errors.map(String).join(' · ')}`
    : serverMessageOr(cause, T.createFailed);

export const esRemolque = (c: Camion) => c.tipo === 'semirremolque' || c.tipo === 'remolque';

export const Marco = ({
  title,
  onClose,
  onSubmit,
  error,
  saving,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  error: string | undefined;
  saving: boolean;
  children: ReactNode;
}) => (
  <Modal show onHide={onClose} aria-labelledby="flota-modal-title">
    <Form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title as="h2" className="h5" id="flota-modal-title">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
        <Row className="g-3">{children}</Row>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Guardando…' : 'Guardar'}
        </Button>
      </Modal.Footer>
    </Form>
  </Modal>
);

export const Campo = ({
  id,
  label,
  value,
  onChange,
  type = 'text',
  sm = 6,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  sm?: number;
}) => (
  <Col xs={12} sm={sm}>
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control type={type} value={value} onChange={(e) => onChange(e.target.value)} />
    </Form.Group>
  </Col>
);

export const Opciones = ({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) => (
  <Col xs={12} sm={6}>
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  </Col>
);

export const km = (value: string) =>
  value.trim() === '' ? undefined : Number(value.replace(/\./g, ''));
