import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Col, Form, Row, Table } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import {
  can,
  COMERCIAL_MESSAGES,
  FACTURACION_LABELS,
  FACTURACIONES,
  FORMA_PAGO_LABELS,
  FORMAS_PAGO,
  MODOS_TARIFA,
  MOTIVOS_IVA_0,
  TIMINGS,
  TIPOS_IVA,
  type ClaseLinea,
  type ModoTarifa,
} from '@tvsistema/domain';
import { formatEuros, formatFecha } from '@tvsistema/domain/format';
import {
  CampoConError as Campo,
  ErrorDeCampo,
  useErrorVisible,
  useErroresDocumento,
  type ErrorGuardado,
} from '../../../components/resource/errores-formulario.js';
import { UnsavedChangesGuard } from '../../../components/resource/unsaved-changes-guard.js';
import { useBannerFocus } from '../../../components/resource/use-banner-focus.js';
import { paths } from '../../../config/paths.js';
import type { FlashState } from '../../../lib/flash.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useHeadingTitle } from '../../../lib/page-title.js';
import { AddressPicker } from '../../localizacion/index.js';
import type { FechasPicker, Opcion } from '../api/comercial-api.js';
import { useDisponibilidadLineas, type DisponibilidadLinea } from '../api/use-disponibilidad.js';
import { T } from '../comercial-texts.js';
import {
  bloqueosDeLinea,
  nuevaClave,
  previsualizar,
  type ContactoForm,
  type DocumentoForm,
  type LineaForm,
} from '../utils/documento-form.js';
import { ArticuloPicker } from './articulo-picker.js';
import { errorIdOf, invalidProps } from '../../../components/resource/invalid-field.js';

// "Nuevo presupuesto" / "Nuevo alquiler" and their edits (comercial.md §5): client, obra, dates,
// lines with their own dates and the cheapest-mix preview, conditions, and the sticky summary.

const MODO_LABELS: Record<ModoTarifa, string> = {
  optimo: 'Óptima',
  dia: 'Por días',
  semana: 'Por semanas',
  mes: 'Por meses',
};

type Props = {
  tipo: 'presupuesto' | 'alquiler';
  titulo: string;
  inicial: DocumentoForm;
  submitLabel: string;
  volverHref: string;
  onGuardar: (form: DocumentoForm) => Promise<string>;
  /** What the API's schema would refuse in the body `onGuardar` sends, as the API writes it. */
  validar: (form: DocumentoForm) => string[];
  /** Where the saved record opens, 900 ms after "Guardado. Redirigiendo…" (§5: its detail). */
  destino: (id: string) => string;
  /** What that screen then says once: "Presupuesto creado", "Alquiler actualizado"… */
  mensajeExito: string;
  /** The rental being edited: its own bookings do not count against its lines. */
  origenId?: string | undefined;
  /** The calendar's free day (§5): the machine picker opens on that machine. */
  maquinaInicial?: { id: string; q: string } | undefined;
};

/** comercial.md §5: a line's availability badge, with what blocks it when it is not free. */
const DisponibilidadBadge = ({
  d,
  clase,
}: {
  d: DisponibilidadLinea | undefined;
  clase: ClaseLinea;
}) => {
  if (!d) return null;
  if (d.ok)
    return (
      <div className="small mt-1">
        <Badge bg="success">Disponible</Badge>
        {clase === 'andamio' && (
          <span className="ms-1 text-body-secondary">{`Libres: ${d.libresMin}`}</span>
        )}
      </div>
    );
  const bloqueos = d.conflictos
    .map((c) => `${c.numero} (${formatFecha(c.desde)}–${c.hasta ? formatFecha(c.hasta) : '…'})`)
    .join(', ');
  return (
    <div className="small mt-1 text-danger">
      <Badge bg="danger">No disponible</Badge> {d.mensaje ?? bloqueos}
    </div>
  );
};

/** The body's fields the form draws with a message of their own (issue 14). */
const CAMPOS = [
  'clienteId',
  'clienteProvisional.nombre',
  'clienteProvisional.documento',
  'clienteProvisional.telefono',
  'clienteProvisional.correo',
  'obraNombre',
  'referenciaCliente',
  'direccionObra',
  'contacto.nombre',
  'contacto.telefono',
  'contacto.correo',
  'contactoObra.nombre',
  'contactoObra.telefono',
  'contactoObra.correo',
  'fechaInicio',
  'fechaFin',
  'fechaValidez',
  'facturacion',
  'fianza',
  'fianza.importe',
  'fianza.formaPago',
  'condiciones',
  'observaciones',
  'observacionesInternas',
] as const;
const SIN_CAMPOS_DE_LINEA: ReadonlySet<string> = new Set();
/** "lineas: Añade al menos una línea" says nothing more with its path. */
const sinRutaDeLineas = (e: string) => e.replace(/^lineas\s*:\s*/, '');

/** §2.2, §2.4: a Contacto (partes' contactoSchema) as three fields under its legend. */
const ContactoCampos = ({
  id,
  campo,
  legend,
  value,
  onChange,
}: {
  id: string;
  /** The body's path of this contacto: `contacto` or `contactoObra`. */
  campo: string;
  legend: string;
  value: ContactoForm;
  onChange: (c: ContactoForm) => void;
}) => (
  <fieldset className="mt-2">
    <legend className="h6">{legend}</legend>
    <Row className="g-2">
      <Col sm={4}>
        <Campo id={`${id}-nombre`} campo={`${campo}.nombre`} label="Nombre">
          <Form.Control
            autoComplete="name"
            value={value.nombre}
            onChange={(e) => onChange({ ...value, nombre: e.target.value })}
          />
        </Campo>
      </Col>
      <Col sm={4}>
        <Campo id={`${id}-telefono`} campo={`${campo}.telefono`} label="Teléfono">
          <Form.Control
            type="tel"
            autoComplete="tel"
            value={value.telefono}
            onChange={(e) => onChange({ ...value, telefono: e.target.value })}
          />
        </Campo>
      </Col>
      <Col sm={4}>
        <Campo id={`${id}-correo`} campo={`${campo}.correo`} label="Correo electrónico">
          <Form.Control
            type="email"
            autoComplete="email"
            value={value.correo}
            onChange={(e) => onChange({ ...value, correo: e.target.value })}
          />
        </Campo>
      </Col>
    </Row>
  </fieldset>
);

const MOTIVO_IVA_0_OPCION = { exenta: 'Exenta', no_sujeta: 'No sujeta' } as const;
const PRECIO_UNIDAD = { precioDia: 'Día', precioSemana: 'Semana', precioMes: 'Mes' } as const;

/** A price as the row shows it: "95.0000" (numeric(14,4)) → "95,00", "0.0500" → "0,05". */
const precioCampo = (v: string | null) =>
  (v ?? '').replace(/(\.\d{2}\d*?)0+$/, '$1').replace('.', ',');

export const DocumentoFormView = ({
  tipo,
  titulo,
  inicial,
  submitLabel,
  volverHref,
  onGuardar,
  validar,
  destino,
  mensajeExito,
  origenId,
  maquinaInicial,
}: Props) => {
  const navigate = useNavigate();
  const { roles } = useAuthContext();
  const [f, setF] = useState<DocumentoForm>(inicial);
  const [guardando, setGuardando] = useState(false);
  const [error, setError] = useState<ErrorGuardado | null>(null);
  // Once a save was tried the browser checks the body with the API's schema (`validar`), so a
  // corrected field loses its message at once; the server's 400 shows until the next save.
  const [intentado, setIntentado] = useState(false);
  /** The saved record's id: the banner shows and, TIMINGS.saveRedirect later, its detail opens. */
  const [guardado, setGuardado] = useState<string | undefined>();
  // §5 "forms as the supplier form": the shared "Cambios sin guardar" guard asks before leaving
  // what changed since the form opened, and stands down once saved.
  const [original] = useState(() => JSON.stringify(inicial));
  const cambiado = JSON.stringify(f) !== original;
  const bannerRef = useBannerFocus(guardado);
  useEffect(() => {
    if (guardado === undefined) return undefined;
    const timer = setTimeout(() => {
      const state: FlashState = { flash: mensajeExito };
      void navigate(destino(guardado), { state });
    }, TIMINGS.saveRedirect);
    return () => clearTimeout(timer);
  }, [guardado, destino, mensajeExito, navigate]);
  const set = <K extends keyof DocumentoForm>(k: K, v: DocumentoForm[K]) =>
    setF((x) => ({ ...x, [k]: v }));
  const setLinea = (key: string, cambios: Partial<LineaForm>) =>
    setF((x) => ({
      ...x,
      lineas: x.lineas.map((l) => (l.key === key ? { ...l, ...cambios } : l)),
    }));
  /** Swaps line i with its neighbour (−1 up, +1 down): the order sent is the order saved. */
  const mover = (i: number, paso: -1 | 1) =>
    setF((x) => {
      const lineas = [...x.lineas];
      const j = i + paso;
      if (j < 0 || j >= lineas.length) return x;
      [lineas[i], lineas[j]] = [lineas[j]!, lineas[i]!];
      return { ...x, lineas };
    });
  const preview = useMemo(() => previsualizar(f.lineas), [f.lineas]);
  const disponibilidad = useDisponibilidadLineas(f.lineas, origenId);
  const presupuesto = tipo === 'presupuesto';
  // §5: the pickers add a line with its own dates (the document's unless changed here) and
  // search the machines' and components' availability for them.
  const [nuevas, setNuevas] = useState<{ desde: string; hasta: string } | undefined>();
  const nuevaDesde = nuevas?.desde ?? f.fechaInicio;
  const nuevaHasta = nuevas?.hasta ?? f.fechaFin;
  const nuevasInvalidas = Boolean(nuevaDesde && nuevaHasta && nuevaHasta < nuevaDesde);
  const fechasPicker: FechasPicker | undefined =
    nuevaDesde && nuevaHasta && !nuevasInvalidas
      ? { desde: nuevaDesde, hasta: nuevaHasta, excluirOrigenId: origenId }
      : undefined;
  const setFechaDocumento = (k: 'fechaInicio' | 'fechaFin', v: string) => {
    set(k, v);
    setNuevas(undefined);
  };

  const anadir = (clase: ClaseLinea) => (o: Opcion) =>
    setF((x) => ({
      ...x,
      lineas: [
        ...x.lineas,
        {
          key: nuevaClave(),
          clase,
          articuloId: o._id,
          descripcion: '',
          cantidad: '1',
          fechaInicio: nuevaDesde,
          fechaFin: nuevasInvalidas ? nuevaDesde : nuevaHasta,
          modoTarifa: 'optimo',
          diasMinimos: 1,
          descuentoPct: '0',
          precioDia: o.precioDia,
          precioSemana: o.precioSemana,
          precioMes: o.precioMes,
          precio: o.precio,
          unidad: clase === 'concepto' ? o.unidad : 'ud.',
          tipoIva: o.tipoIva,
          motivoIva0: o.tipoIva === 0 ? (o.motivoIva0 ?? 'no_sujeta') : null,
          etiqueta: o.etiqueta,
        } as LineaForm,
      ],
    }));

  const errores = useErroresDocumento(
    useErrorVisible(error, intentado ? validar(f).map(sinRutaDeLineas) : []),
    CAMPOS,
    SIN_CAMPOS_DE_LINEA,
  );

  const guardar = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setIntentado(true);
    if (validar(f).length > 0) {
      errores.enfocar();
      return;
    }
    setGuardando(true);
    try {
      setGuardado(await onGuardar(f));
    } catch (err) {
      const errors = isApiError(err) && Array.isArray(err.errors) ? err.errors.map(String) : [];
      setError({
        message: serverMessageOr(err, 'No se pudo guardar.'),
        errors: errors.map(sinRutaDeLineas),
      });
      errores.enfocar();
    } finally {
      setGuardando(false);
    }
  };

  // The document title is the h1, with the document's number when editing (issue 14).
  useHeadingTitle(titulo);
  return (
    <Form onSubmit={(e) => void guardar(e)} noValidate>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">{titulo}</h1>
        <div className="d-flex gap-2">
          <Link to={volverHref} className="btn btn-outline-secondary">
            {T.comun.cancelar}
          </Link>
          <Button type="submit" disabled={guardando || guardado !== undefined}>
            {guardando ? T.comun.guardando : submitLabel}
          </Button>
        </div>
      </div>
      {errores.alerta}
      {guardado !== undefined && (
        <Alert ref={bannerRef} variant="success" role="status" tabIndex={-1}>
          {T.comun.redirigiendo}
        </Alert>
      )}
      <UnsavedChangesGuard dirty={cambiado && guardado === undefined} />
      {/* A standing note, not news: Bootstrap's default role "alert" would interrupt a screen
          reader with it on every visit. */}
      {presupuesto && (
        <Alert variant="info" role="note">
          {T.presupuestos.noReserva}
        </Alert>
      )}
      {/* Locked while saving and until the detail opens, as the supplier form: an edit typed
          then would be lost without a word. */}
      <ErrorDeCampo.Provider value={errores.campo}>
        <fieldset disabled={guardando || guardado !== undefined}>
          <Row className="g-3">
            <Col lg={9} className="d-flex flex-column gap-3">
              <Card>
                <Card.Body className="d-flex flex-column gap-2">
                  <h2 className="h5">{T.comun.cliente}</h2>
                  {presupuesto && (
                    <Form.Check
                      type="switch"
                      id="doc-provisional"
                      label={T.presupuestos.clienteProvisional}
                      checked={f.provisional}
                      onChange={(e) => set('provisional', e.target.checked)}
                    />
                  )}
                  {f.provisional ? (
                    <Row className="g-2">
                      <Col sm={6}>
                        <Campo
                          id="doc-prov-nombre"
                          campo="clienteProvisional.nombre"
                          label="Nombre"
                        >
                          <Form.Control
                            value={f.provisionalNombre}
                            onChange={(e) => set('provisionalNombre', e.target.value)}
                          />
                        </Campo>
                      </Col>
                      <Col sm={6}>
                        <Campo
                          id="doc-prov-documento"
                          campo="clienteProvisional.documento"
                          label="Documento"
                        >
                          <Form.Control
                            value={f.provisionalDocumento}
                            onChange={(e) => set('provisionalDocumento', e.target.value)}
                          />
                        </Campo>
                      </Col>
                      <Col sm={6}>
                        <Campo
                          id="doc-prov-telefono"
                          campo="clienteProvisional.telefono"
                          label="Teléfono"
                        >
                          <Form.Control
                            value={f.provisionalTelefono}
                            onChange={(e) => set('provisionalTelefono', e.target.value)}
                          />
                        </Campo>
                      </Col>
                      <Col sm={6}>
                        <Campo
                          id="doc-prov-correo"
                          campo="clienteProvisional.correo"
                          label="Correo electrónico"
                        >
                          <Form.Control
                            type="email"
                            value={f.provisionalCorreo}
                            onChange={(e) => set('provisionalCorreo', e.target.value)}
                          />
                        </Campo>
                      </Col>
                    </Row>
                  ) : (
                    <>
                      {f.clienteId && (
                        <p className="mb-1" aria-live="polite">
                          <strong>{f.clienteEtiqueta}</strong>
                        </p>
                      )}
                      <ArticuloPicker
                        tipo="clientes"
                        id="doc-cliente"
                        error={errores.campo('clienteId')}
                        label={T.comun.cliente}
                        placeholder={T.comun.buscarCliente}
                        onElegir={(o) =>
                          setF((x) => ({ ...x, clienteId: o._id, clienteEtiqueta: o.etiqueta }))
                        }
                      />
                      {/* §5: admins create the client in a new tab and come back to pick it. */}
                      {can(roles, 'clientes.edit') && (
                        <div>
                          <a
                            href={paths.clientes.create.getHref()}
                            target="_blank"
                            rel="noopener noreferrer"
                            className="btn btn-sm btn-outline-secondary"
                          >
                            {T.comun.nuevoCliente}
                            <span className="visually-hidden"> {T.comun.pestanaNueva}</span>
                          </a>
                        </div>
                      )}
                    </>
                  )}
                </Card.Body>
              </Card>
              <Card>
                <Card.Body className="d-flex flex-column gap-2">
                  <h2 className="h5">{T.comun.obra}</h2>
                  <Row className="g-2">
                    <Col sm={tipo === 'alquiler' ? 6 : 12}>
                      <Campo id="doc-obra" campo="obraNombre" label={T.comun.nombreObra}>
                        <Form.Control
                          value={f.obraNombre}
                          onChange={(e) => set('obraNombre', e.target.value)}
                        />
                      </Campo>
                    </Col>
                    {tipo === 'alquiler' && (
                      <Col sm={6}>
                        <Campo
                          id="doc-referencia"
                          campo="referenciaCliente"
                          label={T.alquileres.referencia}
                        >
                          <Form.Control
                            value={f.referenciaCliente}
                            onChange={(e) => set('referenciaCliente', e.target.value)}
                          />
                        </Campo>
                      </Col>
                    )}
                  </Row>
                  <h3 className="h6 mt-2">{T.comun.direccionObra}</h3>
                  <AddressPicker
                    value={f.direccionObra}
                    onChange={(d) => set('direccionObra', d)}
                    canCreate={can(roles, 'localizacion.create')}
                    idPrefix="obra"
                    {...(errores.campo('direccionObra') ? { errorId: 'doc-direccion-error' } : {})}
                    errorLevel="municipio"
                  />
                  {errores.campo('direccionObra') && (
                    <div id="doc-direccion-error" className="text-danger small">
                      {errores.campo('direccionObra')}
                    </div>
                  )}
                  <ContactoCampos
                    id="doc-contacto"
                    campo="contacto"
                    legend={T.comun.contacto}
                    value={f.contacto}
                    onChange={(c) => set('contacto', c)}
                  />
                  {tipo === 'alquiler' && (
                    <ContactoCampos
                      id="doc-contacto-obra"
                      campo="contactoObra"
                      legend={T.alquileres.contactoObra}
                      value={f.contactoObra}
                      onChange={(c) => set('contactoObra', c)}
                    />
                  )}
                </Card.Body>
              </Card>
              <Card>
                <Card.Body>
                  <h2 className="h5">{T.comun.fechas}</h2>
                  <Row className="g-2">
                    <Col sm={4}>
                      <Campo id="doc-inicio" campo="fechaInicio" label={T.comun.inicio}>
                        <Form.Control
                          type="date"
                          value={f.fechaInicio}
                          onChange={(e) => setFechaDocumento('fechaInicio', e.target.value)}
                        />
                      </Campo>
                    </Col>
                    <Col sm={4}>
                      <Campo id="doc-fin" campo="fechaFin" label={T.comun.fin}>
                        <Form.Control
                          type="date"
                          value={f.fechaFin}
                          onChange={(e) => setFechaDocumento('fechaFin', e.target.value)}
                        />
                      </Campo>
                    </Col>
                    {presupuesto && (
                      <Col sm={4}>
                        <Campo
                          id="doc-validez"
                          campo="fechaValidez"
                          label={T.presupuestos.validoHasta}
                        >
                          <Form.Control
                            type="date"
                            value={f.fechaValidez}
                            onChange={(e) => set('fechaValidez', e.target.value)}
                          />
                        </Campo>
                      </Col>
                    )}
                  </Row>
                </Card.Body>
              </Card>
              <Card>
                <Card.Body className="d-flex flex-column gap-2">
                  <div className="d-flex flex-wrap justify-content-between gap-2">
                    <h2 className="h5 mb-0">{T.comun.lineas}</h2>
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      onClick={() =>
                        setF((x) => ({
                          ...x,
                          lineas: x.lineas.map((l) => ({
                            ...l,
                            fechaInicio: x.fechaInicio,
                            fechaFin: x.fechaFin,
                          })),
                        }))
                      }
                    >
                      {T.comun.aplicarFechas}
                    </Button>
                  </div>
                  <Row className="g-2">
                    <Col sm={4}>
                      <Campo id="doc-nueva-desde" label={T.comun.nuevaDesde}>
                        <Form.Control
                          size="sm"
                          type="date"
                          value={nuevaDesde}
                          onChange={(e) => setNuevas({ desde: e.target.value, hasta: nuevaHasta })}
                        />
                      </Campo>
                    </Col>
                    <Col sm={4}>
                      <Campo id="doc-nueva-hasta" label={T.comun.nuevaHasta}>
                        <Form.Control
                          size="sm"
                          type="date"
                          value={nuevaHasta}
                          {...invalidProps(
                            'doc-nueva-hasta',
                            nuevasInvalidas ? COMERCIAL_MESSAGES.fechaFinAnterior : undefined,
                          )}
                          onChange={(e) => setNuevas({ desde: nuevaDesde, hasta: e.target.value })}
                        />
                        <Form.Control.Feedback type="invalid" id={errorIdOf('doc-nueva-hasta')}>
                          {COMERCIAL_MESSAGES.fechaFinAnterior}
                        </Form.Control.Feedback>
                      </Campo>
                    </Col>
                  </Row>
                  <ArticuloPicker
                    tipo="maquinas"
                    id="doc-maquina"
                    label="Máquina"
                    placeholder="Buscar máquina…"
                    accion={T.comun.anadirMaquina}
                    fechas={fechasPicker}
                    inicial={
                      maquinaInicial
                        ? { q: maquinaInicial.q, elegido: maquinaInicial.id }
                        : undefined
                    }
                    onElegir={anadir('maquina')}
                  />
                  <ArticuloPicker
                    tipo="componentes"
                    id="doc-andamio"
                    label="Componente"
                    placeholder="Buscar componente…"
                    accion={T.comun.anadirAndamio}
                    fechas={fechasPicker}
                    onElegir={anadir('andamio')}
                  />
                  <ArticuloPicker
                    tipo="conceptos"
                    id="doc-concepto"
                    label="Concepto"
                    placeholder="Buscar concepto…"
                    accion={T.comun.anadirConcepto}
                    onElegir={anadir('concepto')}
                  />
                  <div
                    className="comercial-lineas"
                    role="region"
                    aria-label={T.comun.lineas}
                    tabIndex={0}
                  >
                    <Table size="sm" className="align-middle mb-0">
                      <thead>
                        <tr>
                          <th scope="col">Descripción</th>
                          <th scope="col">Cantidad</th>
                          <th scope="col">Desde</th>
                          <th scope="col">Hasta</th>
                          <th scope="col">Tarifa</th>
                          <th scope="col">Precios (€)</th>
                          <th scope="col">Mín. días</th>
                          <th scope="col">Dto. %</th>
                          <th scope="col">IVA</th>
                          <th scope="col" className="text-end">
                            Importe
                          </th>
                          <th scope="col">
                            <span className="visually-hidden">Acciones</span>
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {f.lineas.map((l, i) => {
                          const calc = preview?.lineas[i];
                          const nombre =
                            l.descripcion ||
                            (l as LineaForm & { etiqueta?: string }).etiqueta ||
                            `Línea ${i + 1}`;
                          // R20/R22: the locked fields are disabled, their reason as the tooltip.
                          const bloqueo = bloqueosDeLinea(l);
                          return (
                            <tr key={l.key}>
                              <td style={{ minWidth: 180 }}>
                                <Form.Control
                                  size="sm"
                                  aria-label={`Descripción de la línea ${i + 1}`}
                                  placeholder={nombre}
                                  value={l.descripcion}
                                  onChange={(e) => setLinea(l.key, { descripcion: e.target.value })}
                                />
                                {calc?.desglose && (
                                  <div className="small text-body-secondary">{calc.desglose}</div>
                                )}
                                {/* The tooltip of a disabled field reaches neither the keyboard nor
                                touch: the reason is also written under the line. */}
                                {(bloqueo.precio ?? bloqueo.inicio) && (
                                  <div className="small text-body-secondary">
                                    {bloqueo.precio ?? bloqueo.inicio}
                                  </div>
                                )}
                                <DisponibilidadBadge
                                  d={disponibilidad.get(l.key)}
                                  clase={l.clase}
                                />
                              </td>
                              <td style={{ minWidth: 80 }}>
                                <Form.Control
                                  size="sm"
                                  inputMode="decimal"
                                  aria-label={`Cantidad de la línea ${i + 1}`}
                                  disabled={l.clase === 'maquina'}
                                  value={l.cantidad}
                                  onChange={(e) => setLinea(l.key, { cantidad: e.target.value })}
                                />
                              </td>
                              <td>
                                <Form.Control
                                  size="sm"
                                  type="date"
                                  aria-label={`Desde, línea ${i + 1}`}
                                  disabled={Boolean(bloqueo.inicio)}
                                  title={bloqueo.inicio}
                                  value={l.fechaInicio}
                                  onChange={(e) => setLinea(l.key, { fechaInicio: e.target.value })}
                                />
                              </td>
                              <td>
                                <Form.Control
                                  size="sm"
                                  type="date"
                                  aria-label={`Hasta, línea ${i + 1}`}
                                  disabled={Boolean(bloqueo.precio)}
                                  title={bloqueo.precio}
                                  value={l.fechaFin}
                                  onChange={(e) => setLinea(l.key, { fechaFin: e.target.value })}
                                />
                              </td>
                              <td>
                                <Form.Select
                                  size="sm"
                                  aria-label={`Tarifa de la línea ${i + 1}`}
                                  disabled={l.clase === 'concepto' || Boolean(bloqueo.precio)}
                                  title={bloqueo.precio}
                                  value={l.modoTarifa}
                                  onChange={(e) =>
                                    setLinea(l.key, { modoTarifa: e.target.value as ModoTarifa })
                                  }
                                >
                                  {MODOS_TARIFA.map((m) => (
                                    <option key={m} value={m}>
                                      {MODO_LABELS[m]}
                                    </option>
                                  ))}
                                </Form.Select>
                              </td>
                              <td style={{ minWidth: 100 }}>
                                {/* R7: the tariff copied when the line was added, overridable here. */}
                                {(l.clase === 'concepto'
                                  ? ([['precio', 'Precio']] as const)
                                  : ([
                                      ['precioDia', 'Precio por día'],
                                      ['precioSemana', 'Precio por semana'],
                                      ['precioMes', 'Precio por mes'],
                                    ] as const)
                                ).map(([campo, texto]) => (
                                  <Form.Control
                                    key={campo}
                                    size="sm"
                                    className="mb-1"
                                    inputMode="decimal"
                                    aria-label={`${texto}, línea ${i + 1}`}
                                    placeholder={campo === 'precio' ? '' : PRECIO_UNIDAD[campo]}
                                    disabled={Boolean(bloqueo.precio)}
                                    title={bloqueo.precio}
                                    value={precioCampo(l[campo])}
                                    onChange={(e) => setLinea(l.key, { [campo]: e.target.value })}
                                  />
                                ))}
                              </td>
                              <td style={{ minWidth: 70 }}>
                                <Form.Control
                                  size="sm"
                                  type="number"
                                  min={1}
                                  max={365}
                                  aria-label={`Mínimo de días, línea ${i + 1}`}
                                  disabled={Boolean(bloqueo.precio)}
                                  title={bloqueo.precio}
                                  value={l.diasMinimos}
                                  onChange={(e) =>
                                    setLinea(l.key, {
                                      diasMinimos: Math.max(1, Number(e.target.value) || 1),
                                    })
                                  }
                                />
                              </td>
                              <td style={{ minWidth: 70 }}>
                                <Form.Control
                                  size="sm"
                                  inputMode="decimal"
                                  aria-label={`Descuento de la línea ${i + 1}`}
                                  disabled={Boolean(bloqueo.precio)}
                                  title={bloqueo.precio}
                                  value={l.descuentoPct}
                                  onChange={(e) =>
                                    setLinea(l.key, { descuentoPct: e.target.value })
                                  }
                                />
                              </td>
                              <td style={{ minWidth: 90 }}>
                                <Form.Select
                                  size="sm"
                                  aria-label={`IVA de la línea ${i + 1}`}
                                  disabled={Boolean(bloqueo.iva)}
                                  title={bloqueo.iva}
                                  value={l.tipoIva}
                                  onChange={(e) => {
                                    const tipoIva = Number(e.target.value);
                                    setLinea(l.key, {
                                      tipoIva,
                                      motivoIva0:
                                        tipoIva === 0 ? (l.motivoIva0 ?? 'no_sujeta') : null,
                                    });
                                  }}
                                >
                                  {TIPOS_IVA.map((t) => (
                                    <option key={t} value={t}>{`${t} %`}</option>
                                  ))}
                                </Form.Select>
                                {l.tipoIva === 0 && (
                                  <Form.Select
                                    size="sm"
                                    className="mt-1"
                                    aria-label={`Motivo del IVA 0 %, línea ${i + 1}`}
                                    disabled={Boolean(bloqueo.iva)}
                                    title={bloqueo.iva}
                                    value={l.motivoIva0 ?? 'no_sujeta'}
                                    onChange={(e) =>
                                      setLinea(l.key, { motivoIva0: e.target.value })
                                    }
                                  >
                                    {MOTIVOS_IVA_0.map((m) => (
                                      <option key={m} value={m}>
                                        {MOTIVO_IVA_0_OPCION[m]}
                                      </option>
                                    ))}
                                  </Form.Select>
                                )}
                              </td>
                              <td className="text-end text-nowrap">
                                {calc ? formatEuros(calc.base) : '—'}
                              </td>
                              <td className="text-nowrap">
                                {/* §5's reordering, by buttons (keyboard and touch alike). */}
                                <Button
                                  size="sm"
                                  variant="outline-secondary"
                                  className="me-1"
                                  aria-label={`${T.comun.subir} ${i + 1}`}
                                  title={`${T.comun.subir} ${i + 1}`}
                                  disabled={i === 0}
                                  onClick={() => mover(i, -1)}
                                >
                                  <span aria-hidden="true">↑</span>
                                </Button>
                                <Button
                                  size="sm"
                                  variant="outline-secondary"
                                  className="me-1"
                                  aria-label={`${T.comun.bajar} ${i + 1}`}
                                  title={`${T.comun.bajar} ${i + 1}`}
                                  disabled={i === f.lineas.length - 1}
                                  onClick={() => mover(i, 1)}
                                >
                                  <span aria-hidden="true">↓</span>
                                </Button>
                                <Button
                                  size="sm"
                                  variant="danger"
                                  aria-label={`${T.comun.quitar} ${i + 1}`}
                                  disabled={Boolean(bloqueo.quitar)}
                                  title={bloqueo.quitar}
                                  onClick={() =>
                                    setF((x) => ({
                                      ...x,
                                      lineas: x.lineas.filter((y) => y.key !== l.key),
                                    }))
                                  }
                                >
                                  ×
                                </Button>
                              </td>
                            </tr>
                          );
                        })}
                      </tbody>
                    </Table>
                  </div>
                </Card.Body>
              </Card>
              <Card>
                <Card.Body>
                  <h2 className="h5">{T.comun.condiciones}</h2>
                  <Row className="g-2">
                    <Col sm={4}>
                      <Campo id="doc-facturacion" campo="facturacion" label={T.comun.facturacion}>
                        {/* R20: the billing mode changes only before the first invoice. */}
                        <Form.Select
                          disabled={f.lineas.some((l) => l.facturada)}
                          title={
                            f.lineas.some((l) => l.facturada)
                              ? COMERCIAL_MESSAGES.facturacionFacturada
                              : undefined
                          }
                          value={f.facturacion}
                          onChange={(e) => set('facturacion', e.target.value)}
                        >
                          <option value="">{T.comun.segunDuracion}</option>
                          {FACTURACIONES.map((v) => (
                            <option key={v} value={v}>
                              {FACTURACION_LABELS[v]}
                            </option>
                          ))}
                        </Form.Select>
                      </Campo>
                    </Col>
                    <Col sm={4}>
                      <Campo
                        id="doc-fianza"
                        campo={tipo === 'alquiler' ? 'fianza.importe' : 'fianza'}
                        label={T.comun.fianza}
                      >
                        <Form.Control
                          inputMode="decimal"
                          value={f.fianzaImporte}
                          onChange={(e) => set('fianzaImporte', e.target.value)}
                        />
                      </Campo>
                    </Col>
                    {tipo === 'alquiler' && (
                      <Col sm={4}>
                        <Campo
                          id="doc-forma-pago"
                          campo="fianza.formaPago"
                          label={T.comun.formaPago}
                        >
                          <Form.Select
                            value={f.fianzaFormaPago}
                            onChange={(e) => set('fianzaFormaPago', e.target.value)}
                          >
                            <option value="">—</option>
                            {FORMAS_PAGO.map((v) => (
                              <option key={v} value={v}>
                                {FORMA_PAGO_LABELS[v]}
                              </option>
                            ))}
                          </Form.Select>
                        </Campo>
                      </Col>
                    )}
                    <Col xs={12}>
                      <Campo id="doc-condiciones" campo="condiciones" label={T.comun.condiciones}>
                        <Form.Control
                          as="textarea"
                          rows={3}
                          value={f.condiciones}
                          onChange={(e) => set('condiciones', e.target.value)}
                        />
                      </Campo>
                    </Col>
                    <Col sm={6}>
                      <Campo
                        id="doc-observaciones"
                        campo="observaciones"
                        label={T.comun.observaciones}
                      >
                        <Form.Control
                          as="textarea"
                          rows={2}
                          value={f.observaciones}
                          onChange={(e) => set('observaciones', e.target.value)}
                        />
                      </Campo>
                    </Col>
                    <Col sm={6}>
                      <Campo
                        id="doc-internas"
                        campo="observacionesInternas"
                        label={T.comun.observacionesInternas}
                      >
                        <Form.Control
                          as="textarea"
                          rows={2}
                          value={f.observacionesInternas}
                          onChange={(e) => set('observacionesInternas', e.target.value)}
                        />
                      </Campo>
                    </Col>
                  </Row>
                </Card.Body>
              </Card>
            </Col>
            <Col lg={3}>
              <Card className="comercial-resumen">
                <Card.Body>
                  <h2 className="h5">{T.comun.resumen}</h2>
                  <dl className="mb-0">
                    <dt>{T.comun.baseImponible}</dt>
                    <dd>{formatEuros(preview?.totales.base ?? '0')}</dd>
                    {preview?.totales.porIva.map((r) => (
                      <div key={r.tipoIva}>
                        <dt>{`IVA ${r.tipoIva} %`}</dt>
                        <dd>{formatEuros(r.cuota)}</dd>
                      </div>
                    ))}
                    <dt>{T.comun.total}</dt>
                    <dd className="fs-5 fw-semibold">
                      {formatEuros(preview?.totales.total ?? '0')}
                    </dd>
                    <dt>{T.comun.fianzaNoSujeta}</dt>
                    <dd>
                      {/^\d+([.,]\d+)?$/.test(f.fianzaImporte)
                        ? formatEuros(f.fianzaImporte.replace(',', '.'))
                        : '—'}
                    </dd>
                  </dl>
                </Card.Body>
              </Card>
            </Col>
          </Row>
        </fieldset>
      </ErrorDeCampo.Provider>
    </Form>
  );
};
