import { useState, type ReactNode } from 'react';
import { Alert, Button, Col, Form, Modal, Row, Spinner } from 'react-bootstrap';
import type { ZodType } from 'zod';
import { diaEnMadrid, formatNumero } from '@tvsistema/domain';
import {
  movimientoManualSchema,
  recuentoSchema,
  reparacionSchema,
  type Componente,
} from '@tvsistema/domain/inventario';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useRecuento, useRegistrarMovimiento, useReparacion } from '../api/andamios-api.js';
import { ANDAMIO_TEXTS as T } from '../andamio-texts.js';
import { ajusteTexto } from '../utils/andamio-format.js';

type Errors = Record<string, string>;

/** The first issue per field of the domain schema the API validates the body with. */
const validate = (schema: ZodType, body: unknown): Errors => {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
};

const entero = (text: string): number => {
  const trimmed = text.trim().replace(/\./g, '');
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

/** A field's message, the one its input (`controlId`) is described by. */
const FieldError = ({ controlId, message }: { controlId: string; message: string | undefined }) => (
  <Form.Control.Feedback type="invalid" id={errorIdOf(controlId)}>
    {message}
  </Form.Control.Feedback>
);

/** A modal form of the detail: fields, the server's refusal (409 texts) and its buttons. */
const StockModal = ({
  show,
  titleId,
  title,
  onHide,
  onSubmit,
  busy,
  error,
  submitLabel,
  children,
}: {
  show: boolean;
  /** The id of the title, which names the dialog. */
  titleId: string;
  title: string;
  onHide: () => void;
  onSubmit: () => void;
  busy: boolean;
  error: string | undefined;
  submitLabel: string;
  children: ReactNode;
}) => (
  // Named by its title, so a screen reader (and a test) finds "Recuento" as a dialog.
  <Modal show={show} onHide={onHide} centered aria-labelledby={titleId}>
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title as="h2" className="h5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <fieldset disabled={busy}>{children}</fieldset>
        {error && (
          <Alert variant="danger" className="mt-3 mb-0" role="alert">
            {error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {T.cancel}
        </Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy && (
            <Spinner as="span" size="sm" animation="border" aria-hidden="true" className="me-1" />
          )}
          {busy ? T.saving : submitLabel}
        </Button>
      </Modal.Footer>
    </Form>
  </Modal>
);

/** The modal's fields; each input's id is `${idPrefix}-${name}` (its `controlId`). */
const useFields = <K extends string>(idPrefix: string, initial: Record<K, string>) => {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const bind = (name: K) => ({
    value: values[name],
    ...invalidProps(`${idPrefix}-${name}`, errors[name]),
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  return { values, errors, setErrors, bind, reset: () => (setValues(initial), setErrors({})) };
};

export type StockModalProps = {
  record: Componente;
  show: boolean;
  onHide: () => void;
  /** After the server accepted it, with the message for the detail's banner. */
  onDone: (message: string) => void;
};

/** "Enviar a reparación" / "Vuelta de reparación" (andamios.stock): Cantidad, Fecha, Motivo. */
export const ReparacionModal = ({
  tipo,
  record,
  show,
  onHide,
  onDone,
}: StockModalProps & { tipo: 'enviar' | 'devolver' }) => {
  const idPrefix = `reparacion-${tipo}`;
  const fields = useFields(idPrefix, { cantidad: '', fecha: diaEnMadrid(), motivo: '' });
  const mutation = useReparacion(record._id);
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    setError(undefined);
    const body = {
      tipo,
      cantidad: entero(fields.values.cantidad),
      fecha: fields.values.fecha,
      ...(fields.values.motivo.trim() ? { motivo: fields.values.motivo.trim() } : {}),
    };
    const errors = validate(reparacionSchema, body);
    fields.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      await mutation.mutateAsync(body);
      fields.reset();
      onDone(tipo === 'enviar' ? T.registrado.enviar : T.registrado.devolver);
    } catch (cause) {
      setError(serverMessageOr(cause, T.actionFailed));
    }
  };
  return (
    <StockModal
      show={show}
      titleId={`${idPrefix}-titulo`}
      title={tipo === 'enviar' ? T.enviarReparacion : T.vueltaReparacion}
      onHide={onHide}
      onSubmit={() => void submit()}
      busy={mutation.isPending}
      error={error}
      submitLabel={T.registrar}
    >
      <Row className="g-3">
        <Form.Group as={Col} xs={6} controlId={`${idPrefix}-cantidad`}>
          <Form.Label>{T.cantidad}</Form.Label>
          <Form.Control inputMode="numeric" autoComplete="off" {...fields.bind('cantidad')} />
          <FieldError controlId={`${idPrefix}-cantidad`} message={fields.errors.cantidad} />
        </Form.Group>
        <Form.Group as={Col} xs={6} controlId={`${idPrefix}-fecha`}>
          <Form.Label>{T.fecha}</Form.Label>
          <Form.Control type="date" {...fields.bind('fecha')} />
          <FieldError controlId={`${idPrefix}-fecha`} message={fields.errors.fecha} />
        </Form.Group>
        <Form.Group as={Col} xs={12} controlId={`${idPrefix}-motivo`}>
          <Form.Label>{T.motivo}</Form.Label>
          <Form.Control as="textarea" rows={2} {...fields.bind('motivo')} />
          <FieldError controlId={`${idPrefix}-motivo`} message={fields.errors.motivo} />
        </Form.Group>
      </Row>
    </StockModal>
  );
};

const REFERENCIA_TIPO = { alta: 'compra', venta: 'factura', baja: 'manual' } as const;

/** "Registrar movimiento" (andamios.edit): Alta, Baja, Venta with Cantidad, Fecha, Referencia, Motivo. */
export const MovimientoModal = ({ record, show, onHide, onDone }: StockModalProps) => {
  const fields = useFields('movimiento', {
    tipo: 'alta',
    desde: 'disponible',
    cantidad: '',
    fecha: diaEnMadrid(),
    referencia: '',
    motivo: '',
  });
  const mutation = useRegistrarMovimiento(record._id);
  const [error, setError] = useState<string | undefined>();
  const tipo = fields.values.tipo as keyof typeof REFERENCIA_TIPO;
  const submit = async () => {
    setError(undefined);
    const referencia = fields.values.referencia.trim();
    const motivo = fields.values.motivo.trim();
    const body = {
      tipo,
      ...(tipo === 'baja' ? { desde: fields.values.desde as 'disponible' | 'enReparacion' } : {}),
      cantidad: entero(fields.values.cantidad),
      fecha: fields.values.fecha,
      ...(referencia ? { referencia: { tipo: REFERENCIA_TIPO[tipo], numero: referencia } } : {}),
      ...(motivo ? { motivo } : {}),
    };
    const errors = validate(movimientoManualSchema, body);
    fields.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      await mutation.mutateAsync(body as never);
      fields.reset();
      onDone(T.registrado.movimiento);
    } catch (cause) {
      setError(serverMessageOr(cause, T.actionFailed));
    }
  };
  return (
    <StockModal
      show={show}
      titleId="movimiento-titulo"
      title={T.registrarMovimiento}
      onHide={onHide}
      onSubmit={() => void submit()}
      busy={mutation.isPending}
      error={error}
      submitLabel={T.registrar}
    >
      <Row className="g-3">
        <Form.Group as={Col} xs={6} controlId="movimiento-tipo">
          <Form.Label>{T.tipo}</Form.Label>
          <Form.Select {...fields.bind('tipo')}>
            {(['alta', 'baja', 'venta'] as const).map((value) => (
              <option key={value} value={value}>
                {T.movimientoTipos[value]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {tipo === 'baja' && (
          <Form.Group as={Col} xs={6} controlId="movimiento-desde">
            <Form.Label>{T.desdeCuenta}</Form.Label>
            <Form.Select {...fields.bind('desde')}>
              <option value="disponible">Disponible</option>
              <option value="enReparacion">En reparación</option>
            </Form.Select>
          </Form.Group>
        )}
        <Form.Group as={Col} xs={6} controlId="movimiento-cantidad">
          <Form.Label>{T.cantidad}</Form.Label>
          <Form.Control inputMode="numeric" autoComplete="off" {...fields.bind('cantidad')} />
          <FieldError controlId="movimiento-cantidad" message={fields.errors.cantidad} />
        </Form.Group>
        <Form.Group as={Col} xs={6} controlId="movimiento-fecha">
          <Form.Label>{T.fecha}</Form.Label>
          <Form.Control type="date" {...fields.bind('fecha')} />
          <FieldError controlId="movimiento-fecha" message={fields.errors.fecha} />
        </Form.Group>
        <Form.Group as={Col} xs={12} controlId="movimiento-referencia">
          <Form.Label>{T.referencia}</Form.Label>
          <Form.Control
            autoComplete="off"
            placeholder={T.referenciaPlaceholder}
            {...fields.bind('referencia')}
          />
          <FieldError controlId="movimiento-referencia" message={fields.errors.referencia} />
        </Form.Group>
        <Form.Group as={Col} xs={12} controlId="movimiento-motivo">
          <Form.Label>{T.motivo}</Form.Label>
          <Form.Control as="textarea" rows={2} {...fields.bind('motivo')} />
          <FieldError controlId="movimiento-motivo" message={fields.errors.motivo} />
        </Form.Group>
      </Row>
    </StockModal>
  );
};

/**
 * "Recuento" (andamios.edit, R8): the count the user read on screen travels with the body, and
 * the adjustment is confirmed before it is sent ("Se registrará un ajuste de −2 uds.").
 */
export const RecuentoModal = ({ record, show, onHide, onDone }: StockModalProps) => {
  const fields = useFields('recuento', { contado: '', fecha: diaEnMadrid(), motivo: '' });
  const mutation = useRecuento(record._id);
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const disponibleLeido = record.stock.disponible;
  const contado = entero(fields.values.contado);
  const delta = contado - disponibleLeido;
  const body = {
    contado,
    disponibleLeido,
    fecha: fields.values.fecha,
    motivo: fields.values.motivo.trim(),
  };
  const hide = () => {
    setConfirming(false);
    setError(undefined);
    onHide();
  };
  const submit = async () => {
    setError(undefined);
    const errors = validate(recuentoSchema, body);
    fields.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    try {
      await mutation.mutateAsync(body);
      fields.reset();
      setConfirming(false);
      onDone(T.registrado.recuento);
    } catch (cause) {
      setConfirming(false);
      setError(serverMessageOr(cause, T.actionFailed));
    }
  };
  return (
    <StockModal
      show={show}
      titleId="recuento-titulo"
      title={T.recuento}
      onHide={hide}
      onSubmit={() => void submit()}
      busy={mutation.isPending}
      error={error}
      submitLabel={confirming ? T.confirmar : T.registrar}
    >
      <p className="fw-semibold">{T.disponibleSistema(formatNumero(disponibleLeido))}</p>
      <Row className="g-3">
        <Form.Group as={Col} xs={6} controlId="recuento-contado">
          <Form.Label>{T.contado}</Form.Label>
          <Form.Control
            inputMode="numeric"
            autoComplete="off"
            {...fields.bind('contado')}
            onChange={(event) => {
              setConfirming(false);
              fields.bind('contado').onChange(event);
            }}
          />
          <FieldError controlId="recuento-contado" message={fields.errors.contado} />
        </Form.Group>
        <Form.Group as={Col} xs={6} controlId="recuento-fecha">
          <Form.Label>{T.fecha}</Form.Label>
          <Form.Control type="date" {...fields.bind('fecha')} />
          <FieldError controlId="recuento-fecha" message={fields.errors.fecha} />
        </Form.Group>
        <Form.Group as={Col} xs={12} controlId="recuento-motivo">
          <Form.Label>{T.motivo}</Form.Label>
          <Form.Control as="textarea" rows={2} {...fields.bind('motivo')} />
          <FieldError controlId="recuento-motivo" message={fields.errors.motivo} />
        </Form.Group>
      </Row>
      {confirming && (
        <Alert variant="warning" className="mt-3 mb-0" role="status">
          {delta === 0 ? T.sinAjuste : T.ajuste(ajusteTexto(delta))}
        </Alert>
      )}
    </StockModal>
  );
};
