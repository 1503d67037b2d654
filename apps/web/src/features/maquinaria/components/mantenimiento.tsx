import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Badge, Button, Form, Modal, Spinner } from 'react-bootstrap';
import {
  diaEnMadrid,
  ESTADO_MANTENIMIENTO_LABELS,
  formatEuros,
  formatFecha,
  TIPO_MANTENIMIENTO_LABELS,
  TIPOS_MANTENIMIENTO,
  type Maquina,
  type TipoMantenimiento,
} from '@tvsistema/domain';
import type { ZodType } from 'zod';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useProveedoresAlquileres } from '../api/get-proveedores.js';
import { useMantenimientos } from '../api/maquina-acciones.js';
import { formatHoras } from '../utils/format.js';
import {
  finalizarSchema,
  mantenimientoCreateSchema,
  type Mantenimiento,
} from '../utils/mantenimiento.js';
import { toDecimalText } from '../utils/maquina-form-values.js';
import { TablaDesplazable } from '../../../components/resource/tabla-desplazable.js';
import { Celda, CeldaAcciones, TablaApilada } from '../../../components/resource/tabla-apilada.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

type Errors = Record<string, string>;

const issuesOf = (schema: ZodType, body: unknown): Errors | undefined => {
  const result = schema.safeParse(body);
  if (result.success) return undefined;
  const errors: Errors = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return errors;
};

const fieldErrorsOf = (error: unknown): Errors => {
  const errors: Errors = {};
  if (!isApiError(error)) return errors;
  for (const entry of error.errors ?? []) {
    const match = typeof entry === 'string' ? /^\s*(\w+)\s*:\s*(.+)$/s.exec(entry) : null;
    if (match?.[1] && match[2]) errors[match[1]] ??= match[2];
  }
  return errors;
};

/** A field's message, the one its input (`controlId`) is described by. */
const Feedback = ({ controlId, message }: { controlId: string; message: string | undefined }) =>
  message ? (
    <Form.Control.Feedback type="invalid" id={errorIdOf(controlId)}>
      {message}
    </Form.Control.Feedback>
  ) : null;

const ModalFrame = ({
  title,
  onHide,
  onSubmit,
  busy,
  error,
  submitLabel,
  children,
}: {
  title: string;
  onHide: () => void;
  onSubmit: () => void;
  busy: boolean;
  error: string | undefined;
  submitLabel: string;
  children: ReactNode;
}) => (
  <Modal show onHide={onHide} centered aria-labelledby="mantenimiento-modal-title">
    <Form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id="mantenimiento-modal-title" as="h2" className="h5">
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
        <Button type="submit" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
          {busy ? 'Guardando…' : submitLabel}
        </Button>
      </Modal.Footer>
    </Form>
  </Modal>
);

/** The workshop: a supplier of empresa alquileres, or "Taller propio" (null). */
const TallerSelect = ({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) => {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const query = useProveedoresAlquileres(term);
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor="mantenimiento-taller">Taller</Form.Label>
      <Form.Control
        type="search"
        size="sm"
        className="mb-1"
        aria-label="Buscar taller"
        placeholder="Buscar taller…"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Form.Select
        id="mantenimiento-taller"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Taller propio</option>
        {(query.data ?? []).map((p) => (
          <option key={p._id} value={p._id}>
            {p.nombre}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
};

/**
 * §5.3 "Enviar a taller" (urgente: starts hoy, no planned end) and "Programar mantenimiento"
 * (§3.2: from hoy on, with its planned end), or §3.2 "Editar" of a planned one (`editando`: its
 * fields, sent with its version). Resolves with the API's affected bookings.
 */
export const MantenimientoModal = ({
  maquina,
  urgente,
  editando,
  onHide,
  onSave,
}: {
  maquina: Maquina;
  urgente: boolean;
  editando?: Mantenimiento;
  onHide: () => void;
  onSave: (body: Record<string, unknown>) => Promise<void>;
}) => {
  const hoy = diaEnMadrid();
  const [tipo, setTipo] = useState<TipoMantenimiento | ''>(
    editando?.tipo ?? (urgente ? 'reparacion' : ''),
  );
  const [descripcion, setDescripcion] = useState(editando?.descripcion ?? '');
  const [fechaInicio, setFechaInicio] = useState(editando?.fechaInicio ?? hoy);
  const [fechaFinPrevista, setFechaFinPrevista] = useState(editando?.fechaFinPrevista ?? '');
  const [tallerId, setTallerId] = useState(editando?.taller?._id ?? '');
  const [revisionId, setRevisionId] = useState(editando?.revisionId ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const body = {
      tipo: tipo || undefined,
      descripcion: descripcion.trim(),
      urgente,
      fechaInicio: urgente ? hoy : fechaInicio,
      ...(fechaFinPrevista ? { fechaFinPrevista } : {}),
      ...(tallerId ? { tallerId } : {}),
      ...(revisionId ? { revisionId } : {}),
    };
    setError(undefined);
    const invalid = issuesOf(mantenimientoCreateSchema, body);
    if (invalid) {
      setErrors(invalid);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSave(editando ? { ...body, version: editando.version } : body);
      onHide();
    } catch (cause) {
      setErrors(fieldErrorsOf(cause));
      setError(serverMessageOr(cause, 'No se pudo registrar el mantenimiento'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalFrame
      title={`${
        editando ? 'Editar mantenimiento' : urgente ? 'Enviar a taller' : 'Programar mantenimiento'
      } · ${maquina.codigoInterno}`}
      onHide={onHide}
      onSubmit={() => void submit()}
      busy={busy}
      error={error}
      submitLabel={editando ? 'Guardar cambios' : urgente ? 'Enviar a taller' : 'Programar'}
    >
      {urgente && (
        <p className="text-body-secondary">
          La máquina pasa a «En taller» desde hoy, sin fecha de fin prevista.
        </p>
      )}
      <Form.Group className="mb-3" controlId="mantenimiento-tipo">
        <Form.Label>Tipo</Form.Label>
        <Form.Select
          value={tipo}
          {...invalidProps('mantenimiento-tipo', errors.tipo)}
          onChange={(event) => setTipo(event.target.value as TipoMantenimiento | '')}
        >
          <option value="">Selecciona…</option>
          {TIPOS_MANTENIMIENTO.map((value) => (
            <option key={value} value={value}>
              {TIPO_MANTENIMIENTO_LABELS[value]}
            </option>
          ))}
        </Form.Select>
        <Feedback controlId="mantenimiento-tipo" message={errors.tipo} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="mantenimiento-descripcion">
        <Form.Label>Descripción</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          maxLength={500}
          value={descripcion}
          {...invalidProps('mantenimiento-descripcion', errors.descripcion)}
          onChange={(event) => setDescripcion(event.target.value)}
        />
        <Feedback controlId="mantenimiento-descripcion" message={errors.descripcion} />
      </Form.Group>
      {!urgente && (
        <>
          <Form.Group className="mb-3" controlId="mantenimiento-inicio">
            <Form.Label>Fecha de inicio</Form.Label>
            <Form.Control
              type="date"
              min={hoy}
              value={fechaInicio}
              {...invalidProps('mantenimiento-inicio', errors.fechaInicio)}
              onChange={(event) => setFechaInicio(event.target.value)}
            />
            <Feedback controlId="mantenimiento-inicio" message={errors.fechaInicio} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="mantenimiento-fin">
            <Form.Label>Fecha de fin prevista</Form.Label>
            <Form.Control
              type="date"
              min={fechaInicio}
              value={fechaFinPrevista}
              {...invalidProps('mantenimiento-fin', errors.fechaFinPrevista)}
              onChange={(event) => setFechaFinPrevista(event.target.value)}
            />
            <Feedback controlId="mantenimiento-fin" message={errors.fechaFinPrevista} />
          </Form.Group>
          {maquina.planRevisiones.length > 0 && (
            <Form.Group className="mb-3" controlId="mantenimiento-revision">
              <Form.Label>Revisión del plan</Form.Label>
              <Form.Select
                value={revisionId}
                onChange={(event) => setRevisionId(event.target.value)}
              >
                <option value="">Ninguna</option>
                {maquina.planRevisiones.map((r) => (
                  <option key={r._id} value={r._id}>
                    {r.nombre}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          )}
        </>
      )}
      <TallerSelect value={tallerId} onChange={setTallerId} />
    </ModalFrame>
  );
};

/** §5.3 "Finalizar mantenimiento" (§3.1: resultado required; fechaFinReal ≤ hoy). */
export const FinalizarModal = ({
  maquina,
  mantenimiento,
  onHide,
  onSave,
}: {
  maquina: Maquina;
  mantenimiento: Pick<Mantenimiento, '_id' | 'descripcion'> & { version?: number };
  onHide: () => void;
  onSave: (body: Record<string, unknown>) => Promise<void>;
}) => {
  const hoy = diaEnMadrid();
  const [fechaFinReal, setFechaFinReal] = useState(hoy);
  const [horometro, setHorometro] = useState('');
  const [coste, setCoste] = useState('');
  const [resultado, setResultado] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const body = {
      fechaFinReal,
      ...(horometro.trim() ? { horometro: toDecimalText(horometro) } : {}),
      ...(coste.trim() ? { coste: toDecimalText(coste) } : {}),
      resultado: resultado.trim(),
      version: mantenimiento.version ?? 1,
    };
    setError(undefined);
    const invalid = issuesOf(finalizarSchema, body);
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
      setErrors(fieldErrorsOf(cause));
      setError(serverMessageOr(cause, 'No se pudo finalizar el mantenimiento'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalFrame
      title={`Finalizar mantenimiento · ${maquina.codigoInterno}`}
      onHide={onHide}
      onSubmit={() => void submit()}
      busy={busy}
      error={error}
      submitLabel="Finalizar"
    >
      <p className="text-body-secondary">{mantenimiento.descripcion}</p>
      <Form.Group className="mb-3" controlId="finalizar-fecha">
        <Form.Label>Fecha de fin</Form.Label>
        <Form.Control
          type="date"
          max={hoy}
          value={fechaFinReal}
          {...invalidProps('finalizar-fecha', errors.fechaFinReal)}
          onChange={(event) => setFechaFinReal(event.target.value)}
        />
        <Feedback controlId="finalizar-fecha" message={errors.fechaFinReal} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="finalizar-horometro">
        <Form.Label>Horómetro (h)</Form.Label>
        <Form.Control
          inputMode="decimal"
          placeholder={formatHoras(maquina.horometro)}
          value={horometro}
          {...invalidProps('finalizar-horometro', errors.horometro)}
          onChange={(event) => setHorometro(event.target.value)}
        />
        <Feedback controlId="finalizar-horometro" message={errors.horometro} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="finalizar-coste">
        <Form.Label>Coste (€)</Form.Label>
        <Form.Control
          inputMode="decimal"
          value={coste}
          {...invalidProps('finalizar-coste', errors.coste)}
          onChange={(event) => setCoste(event.target.value)}
        />
        <Feedback controlId="finalizar-coste" message={errors.coste} />
      </Form.Group>
      <Form.Group controlId="finalizar-resultado">
        <Form.Label>Resultado</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          maxLength={1000}
          value={resultado}
          {...invalidProps('finalizar-resultado', errors.resultado)}
          onChange={(event) => setResultado(event.target.value)}
        />
        <Feedback controlId="finalizar-resultado" message={errors.resultado} />
      </Form.Group>
    </ModalFrame>
  );
};

const ESTADO_BG = {
  programado: 'info',
  en_curso: 'warning',
  finalizado: 'success',
  cancelado: 'secondary',
} as const;

const REVISION_BADGES = {
  al_dia: { bg: 'success', label: 'Al día' },
  proxima: { bg: 'warning', label: 'Próxima' },
  vencida: { bg: 'danger', label: 'Vencida' },
} as const;

/** §5.3 "Mantenimiento": the service plan, then every maintenance with its actions. */
export const MantenimientoTab = ({
  maquina,
  canTaller,
  onFinalizar,
  onEditar,
}: {
  maquina: Maquina;
  canTaller: boolean;
  onFinalizar: (mantenimiento: Mantenimiento) => void;
  onEditar: (mantenimiento: Mantenimiento) => void;
}) => {
  const { list, accion } = useMantenimientos(maquina._id);
  const [error, setError] = useState<string>();
  const run = async (m: Mantenimiento, nombre: 'iniciar' | 'cancelar') => {
    setError(undefined);
    try {
      await accion.mutateAsync({ mid: m._id, accion: nombre, body: { version: m.version } });
    } catch (cause) {
      setError(serverMessageOr(cause, 'No se pudo completar la acción'));
    }
  };
  return (
    <>
      <h2 className="h6 text-uppercase text-body-secondary">Plan de revisiones</h2>
      {maquina.planRevisiones.length === 0 ? (
        <p className="text-body-secondary">Sin revisiones programadas.</p>
      ) : (
        <TablaDesplazable className="align-middle mb-4" label="Plan de revisiones">
          <thead>
            <tr>
              <th scope="col">Revisión</th>
              <th scope="col">Próxima fecha</th>
              <th scope="col">Próximas horas</th>
              <th scope="col">Estado</th>
            </tr>
          </thead>
          <tbody>
            {maquina.planRevisiones.map((r) => (
              <tr key={r._id}>
                <td>{r.nombre}</td>
                <td className="text-nowrap">
                  {r.proximaFecha ? formatFecha(r.proximaFecha) : '—'}
                </td>
                <td className="text-nowrap">
                  {r.proximasHoras ? formatHoras(r.proximasHoras) : '—'}
                </td>
                <td>
                  <Badge
                    bg={REVISION_BADGES[r.estado].bg}
                    text={r.estado === 'proxima' ? 'dark' : undefined}
                  >
                    {REVISION_BADGES[r.estado].label}
                  </Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </TablaDesplazable>
      )}
      <h2 className="h6 text-uppercase text-body-secondary">Mantenimientos</h2>
      {error && (
        <Alert variant="danger" dismissible closeLabel="Cerrar" onClose={() => setError(undefined)}>
          {error}
        </Alert>
      )}
      {list.isPending ? (
        <LoadingStatus message="Cargando mantenimientos…" />
      ) : list.isError ? (
        <Alert variant="danger">
          {serverMessageOr(list.error, 'No se pudieron cargar los mantenimientos')}
        </Alert>
      ) : list.data.length === 0 ? (
        <p className="text-body-secondary mb-0">Sin mantenimientos registrados</p>
      ) : (
        <TablaApilada label="Mantenimientos">
          <thead>
            <tr>
              <th scope="col">Tipo</th>
              <th scope="col">Inicio</th>
              <th scope="col">Fin</th>
              <th scope="col">Taller</th>
              <th scope="col">Estado</th>
              <th scope="col" className="text-end">
                Coste
              </th>
              <th scope="col">Resultado</th>
              {canTaller && (
                <th scope="col" className="text-end">
                  Acciones
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {list.data.map((m) => (
              <tr key={m._id}>
                <Celda etiqueta="Tipo">
                  {TIPO_MANTENIMIENTO_LABELS[m.tipo]}
                  <div className="small text-body-secondary text-break">{m.descripcion}</div>
                </Celda>
                <Celda etiqueta="Inicio" className="text-nowrap">
                  {formatFecha(m.fechaInicio)}
                </Celda>
                <Celda etiqueta="Fin" className="text-nowrap">
                  {m.fechaFinReal
                    ? formatFecha(m.fechaFinReal)
                    : m.fechaFinPrevista
                      ? `${formatFecha(m.fechaFinPrevista)} (prevista)`
                      : '—'}
                </Celda>
                <Celda etiqueta="Taller">{m.taller?.nombre ?? 'Taller propio'}</Celda>
                <Celda etiqueta="Estado">
                  <Badge
                    bg={ESTADO_BG[m.estado]}
                    text={m.estado === 'en_curso' || m.estado === 'programado' ? 'dark' : undefined}
                  >
                    {ESTADO_MANTENIMIENTO_LABELS[m.estado]}
                  </Badge>
                </Celda>
                <Celda etiqueta="Coste" className="text-nowrap text-end">
                  {m.coste ? formatEuros(m.coste) : '—'}
                </Celda>
                <Celda etiqueta="Resultado" className="text-break">
                  {m.resultado ?? '—'}
                </Celda>
                {canTaller && (
                  <CeldaAcciones>
                    {m.estado === 'programado' && (
                      <>
                        <Button size="sm" variant="outline-secondary" onClick={() => onEditar(m)}>
                          Editar
                        </Button>
                        <Button
                          size="sm"
                          variant="outline-primary"
                          onClick={() => void run(m, 'iniciar')}
                        >
                          Iniciar
                        </Button>
                        <Button
                          size="sm"
                          variant="outline-danger"
                          onClick={() => void run(m, 'cancelar')}
                        >
                          Cancelar
                        </Button>
                      </>
                    )}
                    {m.estado === 'en_curso' && (
                      <Button size="sm" variant="outline-primary" onClick={() => onFinalizar(m)}>
                        Finalizar
                      </Button>
                    )}
                  </CeldaAcciones>
                )}
              </tr>
            ))}
          </tbody>
        </TablaApilada>
      )}
    </>
  );
};
