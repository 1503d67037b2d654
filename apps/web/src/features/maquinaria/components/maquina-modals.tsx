import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import {
  bajaMaquinaSchema,
  diaEnMadrid,
  lecturaCreateSchema,
  MOTIVO_BAJA_LABELS,
  MOTIVOS_BAJA,
  reactivarMaquinaSchema,
  type Maquina,
  type MotivoBaja,
} from '@tvsistema/domain';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import type { ZodType } from 'zod';
import { toDecimalText } from '../utils/maquina-form-values.js';
import { formatHoras } from '../utils/format.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

type Errors = Record<string, string>;

/** The first message per field of a domain schema's issues. */
const issuesOf = (schema: ZodType, body: unknown): Errors | undefined => {
  const result = schema.safeParse(body);
  if (result.success) return undefined;
  const errors: Errors = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return errors;
};

/** A server 400/409's "campo: mensaje" entries onto the fields; the message when none matched. */
const serverErrors = (error: unknown, fields: readonly string[]): Errors => {
  const errors: Errors = {};
  if (isApiError(error)) {
    for (const entry of error.errors ?? []) {
      const match = typeof entry === 'string' ? /^\s*(\w+)\s*:\s*(.+)$/s.exec(entry) : null;
      if (match?.[1] && match[2] && fields.includes(match[1])) errors[match[1]] ??= match[2];
    }
  }
  return errors;
};

/** The frame every action modal shares: title, fields, error, Cancelar and the action. */
const ActionModal = ({
  show,
  title,
  onHide,
  onSubmit,
  busy,
  error,
  submitLabel,
  variant = 'primary',
  children,
}: {
  show: boolean;
  title: string;
  onHide: () => void;
  onSubmit: () => void;
  busy: boolean;
  error: string | undefined;
  submitLabel: string;
  variant?: 'primary' | 'danger';
  children: ReactNode;
}) => (
  <Modal show={show} onHide={onHide} centered aria-labelledby="maquina-modal-title">
    <Form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id="maquina-modal-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
        <fieldset disabled={busy}>{children}</fieldset>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" variant={variant} disabled={busy}>
          {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
          {busy ? 'Guardando…' : submitLabel}
        </Button>
      </Modal.Footer>
    </Form>
  </Modal>
);

/** A field's message, the one its input (`controlId`) is described by. */
const FieldError = ({ controlId, message }: { controlId: string; message: string | undefined }) =>
  message ? (
    <Form.Control.Feedback type="invalid" id={errorIdOf(controlId)}>
      {message}
    </Form.Control.Feedback>
  ) : null;

type ModalProps<B> = {
  maquina: Maquina;
  show: boolean;
  onHide: () => void;
  /** Sends the body; rejects with the API's error. */
  onSave: (body: B) => Promise<unknown>;
};

/** §5.3 "Registrar horómetro" (R9); administración may record a meter replacement. */
export const HorometroModal = ({
  maquina,
  show,
  onHide,
  onSave,
  puedeSustituir,
}: ModalProps<{ fecha: string; lectura: string; reinicio?: boolean; motivo?: string }> & {
  puedeSustituir: boolean;
}) => {
  const [fecha, setFecha] = useState(diaEnMadrid());
  const [lectura, setLectura] = useState('');
  const [reinicio, setReinicio] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const body = {
      fecha,
      lectura: toDecimalText(lectura),
      ...(reinicio ? { reinicio: true, motivo: motivo.trim() } : {}),
    };
    const invalid = issuesOf(lecturaCreateSchema, body);
    setError(undefined);
    if (invalid) {
      setErrors(invalid);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSave(body);
      onHide();
    } catch (cause) {
      const fields = serverErrors(cause, ['fecha', 'lectura', 'motivo']);
      setErrors(fields);
      if (Object.keys(fields).length === 0)
        setError(serverMessageOr(cause, 'No se pudo registrar la lectura'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionModal
      show={show}
      title={`Registrar horómetro · ${maquina.codigoInterno}`}
      onHide={onHide}
      onSubmit={() => void submit()}
      busy={busy}
      error={error}
      submitLabel="Registrar lectura"
    >
      <p className="text-body-secondary">Lectura actual: {formatHoras(maquina.horometro)}</p>
      <Form.Group className="mb-3" controlId="lectura-fecha">
        <Form.Label>Fecha</Form.Label>
        <Form.Control
          type="date"
          value={fecha}
          max={diaEnMadrid()}
          {...invalidProps('lectura-fecha', errors.fecha)}
          onChange={(event) => setFecha(event.target.value)}
        />
        <FieldError controlId="lectura-fecha" message={errors.fecha} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="lectura-valor">
        <Form.Label>Lectura (h)</Form.Label>
        <Form.Control
          inputMode="decimal"
          value={lectura}
          {...invalidProps('lectura-valor', errors.lectura)}
          onChange={(event) => setLectura(event.target.value)}
        />
        <FieldError controlId="lectura-valor" message={errors.lectura} />
      </Form.Group>
      {puedeSustituir && (
        <>
          <Form.Check
            type="switch"
            id="lectura-reinicio"
            className="mb-2"
            label="Sustitución del horómetro"
            checked={reinicio}
            onChange={(event) => setReinicio(event.target.checked)}
          />
          {reinicio && (
            <Form.Group controlId="lectura-motivo">
              <Form.Label>Motivo de la sustitución</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                maxLength={200}
                value={motivo}
                {...invalidProps('lectura-motivo', errors.motivo)}
                onChange={(event) => setMotivo(event.target.value)}
              />
              <FieldError controlId="lectura-motivo" message={errors.motivo} />
            </Form.Group>
          )}
        </>
      )}
    </ActionModal>
  );
};

/** §5.3 "Dar de baja" with its confirmation text (§3.1). */
export const BajaModal = ({
  maquina,
  show,
  onHide,
  onSave,
}: ModalProps<{ fecha: string; motivo: MotivoBaja; detalle?: string; version: number }>) => {
  const [fecha, setFecha] = useState(diaEnMadrid());
  const [motivo, setMotivo] = useState<MotivoBaja | ''>('');
  const [detalle, setDetalle] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const body = {
      fecha,
      motivo: motivo as MotivoBaja,
      ...(detalle.trim() ? { detalle: detalle.trim() } : {}),
      version: maquina.version,
    };
    const invalid = issuesOf(bajaMaquinaSchema, { ...body, motivo: motivo || undefined });
    setError(undefined);
    if (invalid) {
      setErrors(invalid);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSave(body);
      onHide();
    } catch (cause) {
      setErrors(serverErrors(cause, ['fecha', 'motivo', 'detalle']));
      setError(serverMessageOr(cause, 'No se pudo dar de baja la máquina'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionModal
      show={show}
      title="Dar de baja"
      onHide={onHide}
      onSubmit={() => void submit()}
      busy={busy}
      error={error}
      submitLabel="Dar de baja"
      variant="danger"
    >
      <p>¿Dar de baja {maquina.codigoInterno}? Dejará de ofrecerse en presupuestos y alquileres.</p>
      <Form.Group className="mb-3" controlId="baja-fecha">
        <Form.Label>Fecha de baja</Form.Label>
        <Form.Control
          type="date"
          value={fecha}
          {...invalidProps('baja-fecha', errors.fecha)}
          onChange={(event) => setFecha(event.target.value)}
        />
        <FieldError controlId="baja-fecha" message={errors.fecha} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="baja-motivo">
        <Form.Label>Motivo</Form.Label>
        <Form.Select
          value={motivo}
          {...invalidProps('baja-motivo', errors.motivo)}
          onChange={(event) => setMotivo(event.target.value as MotivoBaja | '')}
        >
          <option value="">Elige el motivo</option>
          {MOTIVOS_BAJA.map((value) => (
            <option key={value} value={value}>
              {MOTIVO_BAJA_LABELS[value]}
            </option>
          ))}
        </Form.Select>
        <FieldError controlId="baja-motivo" message={errors.motivo} />
      </Form.Group>
      <Form.Group controlId="baja-detalle">
        <Form.Label>Detalle</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          maxLength={500}
          value={detalle}
          {...invalidProps('baja-detalle', errors.detalle)}
          onChange={(event) => setDetalle(event.target.value)}
        />
        <FieldError controlId="baja-detalle" message={errors.detalle} />
      </Form.Group>
    </ActionModal>
  );
};

/** §5.3 "Reactivar" a machine in baja. */
export const ReactivarModal = ({
  maquina,
  show,
  onHide,
  onSave,
}: ModalProps<{ motivo: string; version: number }>) => {
  const [motivo, setMotivo] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const body = { motivo: motivo.trim(), version: maquina.version };
    const invalid = issuesOf(reactivarMaquinaSchema, body);
    setError(undefined);
    if (invalid) {
      setErrors(invalid);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSave(body);
      onHide();
    } catch (cause) {
      setErrors(serverErrors(cause, ['motivo']));
      setError(serverMessageOr(cause, 'No se pudo reactivar la máquina'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionModal
      show={show}
      title={`Reactivar ${maquina.codigoInterno}`}
      onHide={onHide}
      onSubmit={() => void submit()}
      busy={busy}
      error={error}
      submitLabel="Reactivar"
    >
      <Form.Group controlId="reactivar-motivo">
        <Form.Label>Motivo</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          maxLength={200}
          value={motivo}
          {...invalidProps('reactivar-motivo', errors.motivo)}
          onChange={(event) => setMotivo(event.target.value)}
        />
        <FieldError controlId="reactivar-motivo" message={errors.motivo} />
      </Form.Group>
    </ActionModal>
  );
};

/** §5.3 "Eliminar" (R15: the API refuses a machine with history, 409 with its reason). */
export const EliminarModal = ({ maquina, show, onHide, onSave }: ModalProps<number>) => {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setError(undefined);
    setBusy(true);
    try {
      await onSave(maquina.version);
    } catch (cause) {
      setError(serverMessageOr(cause, 'No se pudo eliminar la máquina'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ActionModal
      show={show}
      title="Eliminar máquina"
      onHide={onHide}
      onSubmit={() => void submit()}
      busy={busy}
      error={error}
      submitLabel="Eliminar"
      variant="danger"
    >
      <p className="mb-0">
        ¿Eliminar {maquina.codigoInterno} ({maquina.marca} {maquina.modelo})? Esta acción no se
        puede deshacer.
      </p>
    </ActionModal>
  );
};
