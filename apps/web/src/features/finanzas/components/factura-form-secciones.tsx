import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Modal, Row, Table } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import {
  FORMAS_PAGO_FACTURA,
  MEDIO_COBRO_LABELS,
  RETENCIONES,
  TIPOS_IDENTIFICACION,
  type Condiciones,
  type Factura,
} from '@tvsistema/domain';
import { formatEuros, formatFecha } from '@tvsistema/domain/format';
import { OpcionTypeahead } from '../../../components/forms/opcion-typeahead.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import {
  fetchLineasPendientes,
  formKeys,
  useAlbaranesPendientes,
  useCondiciones,
  type LineaPropuesta,
  type PendienteAlbaran,
} from '../api/factura-form-api.js';
import { usePendientesAlquiler, type PendienteAlquiler } from '../api/finanzas-api.js';
import { T } from '../finanzas-texts.js';

// finanzas.md §5: the invoice form's "Albaranes" (transport), "Origen" (rental) and the client's
// "Condiciones de facturación" modal.

type ErrorServidor = { message: string; errors: string[] };
const errorDe = (e: unknown, fallback: string): ErrorServidor => ({
  message: serverMessageOr(e, fallback),
  errors: isApiError(e) ? ((e.errors ?? []) as string[]) : [],
});

const ErrorAlert = ({ error }: { error: ErrorServidor | null }) =>
  error ? (
    <Alert variant="danger" role="alert" className="mt-2 mb-0">
      <p className="mb-0">{error.message}</p>
      {error.errors.length > 0 && (
        <ul className="mb-0">
          {error.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </Alert>
  ) : null;

/** logística's "origen → destino · matrícula · peso" (fuente-albaran) as the table's columns. */
export const partesDetalle = (detalle: string | null) => {
  const partes = (detalle ?? '').split(' · ').filter(Boolean);
  const ruta = partes.find((p) => p.includes('→')) ?? '';
  const peso = partes.find((p) => / kg$/.test(p)) ?? '';
  const matricula = partes.find((p) => p !== ruta && p !== peso) ?? '';
  return { ruta, matricula, peso };
};

type LineaFactura = Factura['lineas'][number];

/**
 * A saved draft's albarán line as the row the server would offer (its line reads "Albarán
 * AT2026-00031 (12/03/2026): Palma → Alcúdia, 8.000 kg", fuente-albaran).
 */
const pendienteDeLinea = (l: LineaFactura): PendienteAlbaran | null => {
  if (l.origen?.tipo !== 'albaran') return null;
  const texto = l.descripcion.replace(/^[^:]*:\s*/, '');
  return {
    origenId: l.origen.id,
    numero: l.origen.numero ?? '',
    clienteId: '',
    detalle: texto.replace(/, ([\d.]+ kg)$/, ' · $1'),
    desde: l.origen.desde ?? '',
    hasta: l.origen.hasta ?? '',
    baseEstimada: l.base,
  };
};

/**
 * §5 "Albaranes" of /facturas/transporte/…: the client's billable albaranes between Desde and
 * Hasta; "Añadir seleccionados" adds one line per albarán. `preseleccion` comes from
 * `?albaranes=id,id`; `enLineas` are the albaranes the draft's lines already hold.
 */
export const AlbaranesCard = ({
  clienteId,
  preseleccion,
  enLineas,
  quitados = [],
  onAnadir,
}: {
  clienteId: string;
  preseleccion: readonly string[];
  enLineas: ReadonlySet<string>;
  /** The saved draft's albarán lines removed in the form: still reserved by it, offered here. */
  quitados?: readonly LineaFactura[];
  /** The new lines, and the ids of the removed albaranes whose saved lines come back. */
  onAnadir: (lineas: LineaPropuesta[], recuperados: readonly string[]) => void;
}) => {
  const api = useApiClient();
  const [desde, setDesde] = useState('');
  const [hasta, setHasta] = useState('');
  const [seleccion, setSeleccion] = useState<ReadonlySet<string>>(new Set(preseleccion));
  const [anadiendo, setAnadiendo] = useState(false);
  const [error, setError] = useState<ErrorServidor | null>(null);
  const pendientes = useAlbaranesPendientes(clienteId, desde, hasta);
  const recuperables = quitados
    .map(pendienteDeLinea)
    .filter(
      (p): p is PendienteAlbaran =>
        p !== null && (!desde || p.desde >= desde) && (!hasta || p.desde <= hasta),
    );
  const filas: PendienteAlbaran[] = [
    ...recuperables,
    ...(pendientes.data ?? []).filter(
      (p) => !enLineas.has(p.origenId) && !recuperables.some((q) => q.origenId === p.origenId),
    ),
  ];
  const elegidos = filas.filter((p) => seleccion.has(p.origenId)).map((p) => p.origenId);
  const recuperados = elegidos.filter((id) => recuperables.some((p) => p.origenId === id));
  const cambiar = (id: string, marcado: boolean) => {
    const nueva = new Set(seleccion);
    if (marcado) nueva.add(id);
    else nueva.delete(id);
    setSeleccion(nueva);
  };
  const anadir = async () => {
    setAnadiendo(true);
    setError(null);
    try {
      const nuevos = elegidos.filter((id) => !recuperados.includes(id));
      onAnadir(
        nuevos.length > 0 ? await fetchLineasPendientes(api, 'albaranes', nuevos, hasta) : [],
        recuperados,
      );
      setSeleccion(new Set());
    } catch (e) {
      setError(errorDe(e, 'No se pudieron añadir los albaranes'));
    } finally {
      setAnadiendo(false);
    }
  };
  return (
    <Card body>
      <h2 className="h5">{T.form.albaranes}</h2>
      <Row className="g-2 mb-2">
        <Col xs={6} sm={4}>
          <Form.Group controlId="albaranes-desde">
            <Form.Label>Desde</Form.Label>
            <Form.Control type="date" value={desde} onChange={(e) => setDesde(e.target.value)} />
          </Form.Group>
        </Col>
        <Col xs={6} sm={4}>
          <Form.Group controlId="albaranes-hasta">
            <Form.Label>Hasta</Form.Label>
            <Form.Control type="date" value={hasta} onChange={(e) => setHasta(e.target.value)} />
          </Form.Group>
        </Col>
      </Row>
      {!clienteId ? (
        <p className="text-body-secondary mb-0">{T.form.elegirClienteAlbaranes}</p>
      ) : pendientes.isLoading && recuperables.length === 0 ? (
        <p role="status" className="mb-0">
          {T.form.cargandoAlbaranes}
        </p>
      ) : pendientes.isError ? (
        <ErrorAlert error={errorDe(pendientes.error, 'No se pudo cargar albaranes')} />
      ) : filas.length === 0 ? (
        <p className="mb-0">{T.form.sinAlbaranes}</p>
      ) : (
        <>
          <div
            className="table-responsive"
            role="region"
            aria-label="Albaranes pendientes"
            tabIndex={0}
          >
            <Table size="sm" className="mb-2">
              <thead>
                <tr>
                  <th>
                    <span className="visually-hidden">Elegir</span>
                  </th>
                  <th>Albarán</th>
                  <th>Fecha</th>
                  <th>Origen → Destino</th>
                  <th>Matrícula</th>
                  <th className="text-end">Base</th>
                </tr>
              </thead>
              <tbody>
                {filas.map((p) => {
                  const d = partesDetalle(p.detalle);
                  return (
                    <tr key={p.origenId}>
                      <td>
                        <Form.Check
                          id={`albaran-${p.origenId}`}
                          aria-label={`Elegir el albarán ${p.numero}`}
                          checked={seleccion.has(p.origenId)}
                          onChange={(e) => cambiar(p.origenId, e.target.checked)}
                        />
                      </td>
                      <td className="text-nowrap">{p.numero}</td>
                      <td className="text-nowrap">{formatFecha(p.desde)}</td>
                      <td>{d.ruta}</td>
                      <td className="text-nowrap">{d.matricula}</td>
                      <td className="text-end text-nowrap">{formatEuros(p.baseEstimada)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </div>
          <Button
            size="sm"
            variant="outline-primary"
            disabled={elegidos.length === 0 || anadiendo}
            onClick={() => void anadir()}
          >
            {T.form.anadirSeleccionados}
          </Button>
        </>
      )}
      <ErrorAlert error={error} />
    </Card>
  );
};

const finMesAnterior = (hoy: string) => {
  const d = new Date(`${hoy.slice(0, 7)}-01T12:00:00Z`);
  d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
};

/**
 * §5 "Origen" of /facturas/nueva: a pending alquiler (of the chosen client, if any) and
 * "Facturar hasta"; "Cargar líneas" adds the lines of its unbilled period up to that day.
 * From `?alquilerId=&hasta=`.
 */
export const OrigenAlquilerCard = ({
  clienteId,
  hoy,
  inicial,
  onCargar,
}: {
  clienteId: string;
  hoy: string;
  inicial: { alquilerId: string; hasta: string };
  onCargar: (lineas: LineaPropuesta[], alquiler: PendienteAlquiler) => void;
}) => {
  const api = useApiClient();
  const [hasta, setHasta] = useState(inicial.hasta || finMesAnterior(hoy));
  const [alquilerId, setAlquilerId] = useState(inicial.alquilerId);
  const [cargando, setCargando] = useState(false);
  const [error, setError] = useState<ErrorServidor | null>(null);
  // The pending rentals are read when the user reaches the section (or the URL names one): most
  // invoices have no rental origin, and the run over every rental is the costly read (§10).
  const [activo, setActivo] = useState(Boolean(inicial.alquilerId));
  const pendientes = usePendientesAlquiler(hasta, activo && Boolean(hasta));
  const opciones = (pendientes.data ?? []).filter(
    (p) => !clienteId || p.clienteId === clienteId || p.origenId === alquilerId,
  );
  const elegido = opciones.find((p) => p.origenId === alquilerId);
  const cargar = async () => {
    if (!elegido) return;
    setCargando(true);
    setError(null);
    try {
      onCargar(await fetchLineasPendientes(api, 'alquileres', [elegido.origenId], hasta), elegido);
    } catch (e) {
      setError(errorDe(e, 'No se pudieron cargar las líneas'));
    } finally {
      setCargando(false);
    }
  };
  return (
    <Card body onFocus={() => setActivo(true)}>
      <h2 className="h5">{T.form.origen}</h2>
      <Row className="g-2 align-items-end">
        <Col sm={6}>
          <OpcionTypeahead
            inputId="origen-alquiler"
            label={T.form.alquiler}
            placeholder={T.form.elegirAlquiler}
            loading={pendientes.isFetching}
            options={opciones.map((p) => ({
              id: p.origenId,
              label: `${p.numero}${p.detalle ? ` · ${p.detalle}` : ''} · ${formatFecha(p.desde)}–${formatFecha(p.hasta)}`,
            }))}
            value={alquilerId}
            onChange={setAlquilerId}
          />
        </Col>
        <Col xs={7} sm={3}>
          <Form.Group controlId="origen-hasta">
            <Form.Label>{T.run.hasta}</Form.Label>
            <Form.Control type="date" value={hasta} onChange={(e) => setHasta(e.target.value)} />
          </Form.Group>
        </Col>
        <Col xs={5} sm={3}>
          <Button
            variant="outline-primary"
            className="w-100"
            disabled={!elegido || cargando}
            onClick={() => void cargar()}
          >
            {T.form.cargarLineas}
          </Button>
        </Col>
      </Row>
      {pendientes.isSuccess && opciones.length === 0 && (
        <p className="mt-2 mb-0">{T.run.vacio(hasta ? formatFecha(hasta) : '')}</p>
      )}
      <ErrorAlert error={error} />
    </Card>
  );
};

type CondicionesForm = {
  formaPago: string;
  diasVencimiento: string;
  ibanCliente: string;
  referenciaMandato: string;
  emailFacturacion: string;
  retencionPct: string;
  recargoEquivalencia: boolean;
  contratistaObra: boolean;
  tipoIdentificacion: string;
  paisCodigo: string;
};

const TIPO_IDENTIFICACION_LABELS: Record<string, string> = {
  NIF: 'NIF',
  '02': 'NIF-IVA (02)',
  '03': 'Pasaporte (03)',
  '04': 'Documento oficial del país (04)',
  '06': 'Otro documento (06)',
};

const aForm = (c: Condiciones): CondicionesForm => ({
  formaPago: c.formaPago,
  diasVencimiento: c.diasVencimiento === null ? '' : String(c.diasVencimiento),
  ibanCliente: c.ibanCliente ?? '',
  referenciaMandato: c.referenciaMandato ?? '',
  emailFacturacion: c.emailFacturacion ?? '',
  retencionPct: c.retencionPct,
  recargoEquivalencia: c.recargoEquivalencia,
  contratistaObra: c.contratistaObra,
  tipoIdentificacion: c.tipoIdentificacion,
  paisCodigo: c.paisCodigo,
});

/** §5 link "Condiciones de facturación" → the client's §2 conditions and "Guardar condiciones". */
export const CondicionesModal = ({
  clienteId,
  clienteNombre,
  show,
  onHide,
  onGuardadas,
}: {
  clienteId: string;
  clienteNombre: string;
  show: boolean;
  onHide: () => void;
  onGuardadas: (c: Condiciones) => void;
}) => {
  const condiciones = useCondiciones(clienteId, show);
  return (
    <Modal show={show} onHide={onHide} aria-labelledby="condiciones-titulo" size="lg">
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id="condiciones-titulo">{T.condiciones.titulo}</Modal.Title>
      </Modal.Header>
      {condiciones.data ? (
        <CondicionesCampos
          key={`${condiciones.data.clienteId}-${condiciones.data.version}`}
          clienteNombre={clienteNombre}
          inicial={condiciones.data}
          onCancelar={onHide}
          onGuardadas={onGuardadas}
        />
      ) : (
        <Modal.Body>
          {condiciones.isError ? (
            <ErrorAlert error={errorDe(condiciones.error, 'No se pudo cargar las condiciones')} />
          ) : (
            <p role="status" className="mb-0">
              {T.condiciones.cargando}
            </p>
          )}
        </Modal.Body>
      )}
    </Modal>
  );
};

const CondicionesCampos = ({
  clienteNombre,
  inicial,
  onCancelar,
  onGuardadas,
}: {
  clienteNombre: string;
  inicial: Condiciones;
  onCancelar: () => void;
  onGuardadas: (c: Condiciones) => void;
}) => {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [v, setV] = useState(() => aForm(inicial));
  const [guardando, setGuardando] = useState(false);
  const [error, setError] = useState<ErrorServidor | null>(null);
  const set = (patch: Partial<CondicionesForm>) => setV({ ...v, ...patch });
  const guardar = async () => {
    setGuardando(true);
    setError(null);
    try {
      const { data } = await api.put<{ data: Condiciones }>(
        `/api/facturas/condiciones-cliente/${encodeURIComponent(inicial.clienteId)}`,
        {
          formaPago: v.formaPago,
          diasVencimiento: v.diasVencimiento.trim() === '' ? null : Number(v.diasVencimiento),
          ibanCliente: v.ibanCliente.trim() || null,
          referenciaMandato: v.referenciaMandato.trim() || null,
          emailFacturacion: v.emailFacturacion.trim() || null,
          retencionPct: v.retencionPct,
          recargoEquivalencia: v.recargoEquivalencia,
          contratistaObra: v.contratistaObra,
          tipoIdentificacion: v.tipoIdentificacion,
          paisCodigo: v.paisCodigo.trim().toUpperCase(),
          version: inicial.version,
        },
      );
      queryClient.setQueryData(formKeys.condiciones(inicial.clienteId), data);
      onGuardadas(data);
    } catch (e) {
      setError(errorDe(e, 'No se pudieron guardar las condiciones'));
    } finally {
      setGuardando(false);
    }
  };
  return (
    <>
      <Modal.Body>
        <p className="text-body-secondary">{clienteNombre}</p>
        <Row className="g-2">
          <Col sm={6}>
            <Form.Group controlId="condiciones-forma-pago">
              <Form.Label>{T.condiciones.formaPago}</Form.Label>
              <Form.Select value={v.formaPago} onChange={(e) => set({ formaPago: e.target.value })}>
                {FORMAS_PAGO_FACTURA.map((f) => (
                  <option key={f} value={f}>
                    {MEDIO_COBRO_LABELS[f]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col sm={6}>
            <Form.Group controlId="condiciones-plazo">
              <Form.Label>{T.condiciones.plazo}</Form.Label>
              <Form.Control
                type="number"
                min={0}
                max={60}
                value={v.diasVencimiento}
                onChange={(e) => set({ diasVencimiento: e.target.value })}
              />
            </Form.Group>
          </Col>
          <Col sm={6}>
            <Form.Group controlId="condiciones-iban">
              <Form.Label>{T.condiciones.iban}</Form.Label>
              <Form.Control
                value={v.ibanCliente}
                maxLength={40}
                onChange={(e) => set({ ibanCliente: e.target.value })}
              />
            </Form.Group>
          </Col>
          <Col sm={6}>
            <Form.Group controlId="condiciones-mandato">
              <Form.Label>{T.condiciones.mandato}</Form.Label>
              <Form.Control
                value={v.referenciaMandato}
                maxLength={35}
                onChange={(e) => set({ referenciaMandato: e.target.value })}
              />
            </Form.Group>
          </Col>
          <Col sm={6}>
            <Form.Group controlId="condiciones-email">
              <Form.Label>{T.condiciones.email}</Form.Label>
              <Form.Control
                type="email"
                value={v.emailFacturacion}
                maxLength={200}
                onChange={(e) => set({ emailFacturacion: e.target.value })}
              />
            </Form.Group>
          </Col>
          <Col sm={6}>
            <Form.Group controlId="condiciones-retencion">
              <Form.Label>{T.condiciones.retencion}</Form.Label>
              <Form.Select
                value={v.retencionPct}
                onChange={(e) => set({ retencionPct: e.target.value })}
              >
                {RETENCIONES.map((r) => (
                  <option key={r} value={r}>{`${r} %`}</option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col sm={6}>
            <Form.Group controlId="condiciones-tipo-identificacion">
              <Form.Label>{T.condiciones.tipoIdentificacion}</Form.Label>
              <Form.Select
                value={v.tipoIdentificacion}
                onChange={(e) => set({ tipoIdentificacion: e.target.value })}
              >
                {TIPOS_IDENTIFICACION.map((t) => (
                  <option key={t} value={t}>
                    {TIPO_IDENTIFICACION_LABELS[t]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col sm={6}>
            <Form.Group controlId="condiciones-pais">
              <Form.Label>{T.condiciones.pais}</Form.Label>
              <Form.Control
                value={v.paisCodigo}
                maxLength={2}
                onChange={(e) => set({ paisCodigo: e.target.value })}
              />
            </Form.Group>
          </Col>
          <Col xs={12}>
            <Form.Check
              type="switch"
              id="condiciones-recargo"
              label={T.condiciones.recargo}
              checked={v.recargoEquivalencia}
              onChange={(e) => set({ recargoEquivalencia: e.target.checked })}
            />
            <Form.Check
              type="switch"
              id="condiciones-contratista"
              label={T.condiciones.contratista}
              checked={v.contratistaObra}
              onChange={(e) => set({ contratistaObra: e.target.checked })}
            />
          </Col>
        </Row>
        <ErrorAlert error={error} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancelar}>
          Cancelar
        </Button>
        <Button disabled={guardando} onClick={() => void guardar()}>
          {guardando ? 'Guardando…' : T.condiciones.guardar}
        </Button>
      </Modal.Footer>
    </>
  );
};
