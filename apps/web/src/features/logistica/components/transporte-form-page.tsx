import { useEffect, useState } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import { Link, useNavigate, useParams } from 'react-router';
import {
  can,
  comprobarDocumentoControl,
  direccionInputOf,
  EMPTY_DIRECCION,
  MOTIVO_EXENCION_LABELS,
  MOTIVOS_EXENCION,
  transporteCreateSchema,
  transporteUpdateSchema,
  type Direccion,
  type Transporte,
} from '@tvsistema/domain';
import { diaEnMadrid } from '@tvsistema/domain/format';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { SectionCard } from '../../../components/resource/section-card.js';
import { UnsavedChangesGuard } from '../../../components/resource/unsaved-changes-guard.js';
import {
  CampoConError as Campo,
  ErrorDeCampo,
  erroresDelEsquema,
  useErrorVisible,
  useErroresDocumento,
} from '../../../components/resource/errores-formulario.js';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { HeadingTitle } from '../../../lib/page-title.js';
import { AddressPicker, findDefaultDireccion } from '../../localizacion/index.js';
import {
  post,
  put,
  TRANSPORTE_API,
  useCamionesActivos,
  useClientesTransporte,
  useProveedoresTransporte,
  useLogisticaMutation,
  useTransporte,
  useTransportistaPropio,
  type Opcion,
} from '../api/logistica-api.js';
import { isRecordId, logisticaHrefs } from '../logistica-paths.js';
import { T } from '../logistica-texts.js';
import { useCambios } from './use-cambios.js';

// §5 Transport form. After pendiente only Precio, IVA and Observaciones stay enabled (R14).

/** The body's paths the form draws as fields; any other refusal stays listed in the alert. */
const CAMPOS = [
  'clienteId',
  'remitente.nombre',
  'remitente.documento',
  'destinatario.nombre',
  'destinatario.documento',
  'destinatario.telefono',
  'origen.nombre',
  'destino.nombre',
  'fechaCarga',
  'horaCarga',
  'fechaEntregaPrevista',
  'transportista.proveedorId',
  'camionId',
  'matricula',
  'matriculaRemolque',
  'conductor.nombre',
  'conductor.dni',
  'mercancia.descripcion',
  'mercancia.bultos',
  'mercancia.pesoKg',
  'motivoExencion',
  'precio',
  'tipoIva',
  'referenciaExterna',
  'observaciones',
] as const;
const SIN_LINEAS: ReadonlySet<string> = new Set();

/** The chosen option stays among a select's options whatever its search box now finds. */
const conElegida = (opciones: Opcion[] | undefined, elegida: Opcion | null) =>
  elegida && !opciones?.some((o) => o._id === elegida._id)
    ? [elegida, ...(opciones ?? [])]
    : (opciones ?? []);
const mayuscula = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** §5 "Documento de control": R10's checklist, live, as the domain (and so the API) reads it. */
const ChecklistControl = ({
  datos,
}: {
  datos: Parameters<typeof comprobarDocumentoControl>[0];
}) => {
  const lista = comprobarDocumentoControl(datos);
  const faltan = lista.filter((x) => !x.ok).length;
  return (
    <div className="mt-2">
      <p className="mb-1" id="transporte-checklist-titulo">
        {faltan === 0
          ? 'Datos de la Orden FOM/2861/2012, art. 6: completos.'
          : `Datos de la Orden FOM/2861/2012, art. 6: faltan ${faltan}.`}
      </p>
      <ul className="list-unstyled mb-0 row g-1" aria-labelledby="transporte-checklist-titulo">
        {lista.map(({ label, ok }) => (
          <li
            key={label}
            className={`col-12 col-sm-6 col-lg-3 ${ok ? 'text-success-emphasis' : 'text-danger-emphasis'}`}
          >
            <span aria-hidden="true" className="me-1">
              {ok ? '✓' : '✗'}
            </span>
            {mayuscula(label)}
            <span className="visually-hidden">{ok ? ': completo' : ': falta'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
};

const Formulario = ({ t }: { t?: Transporte }) => {
  const api = useApiClient();
  const navigate = useNavigate();
  const { roles } = useAuthContext();
  const limitado = Boolean(t && t.estado !== 'pendiente');
  const [buscarCliente, setBuscarCliente] = useState('');
  const cambios = useCambios();
  const [clienteId, setClienteId] = useState(t?.cliente._id ?? '');
  const [clienteElegido, setClienteElegido] = useState<Opcion | null>(
    t ? { _id: t.cliente._id, etiqueta: t.cliente.nombre, documento: t.cliente.documento } : null,
  );
  // "El remitente es el cliente" (remitente null), else its name and NIF.
  const [remitenteEsCliente, setRemitenteEsCliente] = useState(!t?.remitente);
  const [remitente, setRemitente] = useState({
    nombre: t?.remitente?.nombre ?? '',
    documento: t?.remitente?.documento ?? '',
  });
  const [destinatario, setDestinatario] = useState({
    nombre: t?.destinatario.nombre ?? '',
    documento: t?.destinatario.documento ?? '',
    telefono: t?.destinatario.telefono ?? '',
  });
  const [origenNombre, setOrigenNombre] = useState(t?.origen.nombre ?? '');
  const [destinoNombre, setDestinoNombre] = useState(t?.destino.nombre ?? '');
  const [origen, setOrigen] = useState<Direccion>(t?.origen.direccion ?? EMPTY_DIRECCION);
  const [destino, setDestino] = useState<Direccion>(t?.destino.direccion ?? EMPTY_DIRECCION);
  const [fechaCarga, setFechaCarga] = useState(t?.fechaCarga ?? diaEnMadrid());
  const [horaCarga, setHoraCarga] = useState(t?.horaCarga ?? '');
  const [prevista, setPrevista] = useState(t?.fechaEntregaPrevista ?? '');
  const [camionId, setCamionId] = useState(t?.camion?._id ?? '');
  const [camionElegido, setCamionElegido] = useState<Opcion | null>(
    t?.camion
      ? { _id: t.camion._id, etiqueta: t.matriculaTexto ?? '', matricula: t.matriculaTexto ?? '' }
      : null,
  );
  const [buscarCamion, setBuscarCamion] = useState('');
  // A subcontracted carrier's own truck: its plate typed (R11 checks it if it is the fleet's).
  const [matricula, setMatricula] = useState(t && !t.camion ? (t.matriculaTexto ?? '') : '');
  const [remolque, setRemolque] = useState(t?.matriculaRemolque ?? '');
  const [conductor, setConductor] = useState(t?.conductor.nombre ?? '');
  const [dniConductor, setDniConductor] = useState(t?.conductor.dni ?? '');
  const [mercancia, setMercancia] = useState(t?.mercancia.descripcion ?? '');
  const [bultos, setBultos] = useState(t?.mercancia.bultos?.toString() ?? '');
  const [peso, setPeso] = useState(t?.mercancia.pesoKg?.toString() ?? '');
  const [estimado, setEstimado] = useState(t?.mercancia.pesoEstimado ?? false);
  const [exento, setExento] = useState(t?.exentoDocumentoControl ?? false);
  const [motivo, setMotivo] = useState<string>(t?.motivoExencion ?? '');
  const [precio, setPrecio] = useState(t?.precio ?? '');
  const [tipoIva, setTipoIva] = useState(t?.tipoIva ?? 21);
  const [referencia, setReferencia] = useState(t?.referenciaExterna ?? '');
  const [observaciones, setObservaciones] = useState(t?.observaciones ?? '');
  const [redirigiendo, setRedirigiendo] = useState(false);
  const clientes = useClientesTransporte(buscarCliente);
  // §5 "Vehículo y conductor": Propio (Mallorca Transporta) or subcontracted to a supplier.
  const [subcontratado, setSubcontratado] = useState(t?.transportista.tipo === 'subcontratado');
  const [proveedorId, setProveedorId] = useState(t?.transportista.proveedorId ?? '');
  const [proveedorElegido, setProveedorElegido] = useState<Opcion | null>(
    t?.transportista.proveedorId
      ? {
          _id: t.transportista.proveedorId,
          etiqueta: t.transportista.nombre,
          documento: t.transportista.nif,
        }
      : null,
  );
  const [buscarProveedor, setBuscarProveedor] = useState('');
  const proveedores = useProveedoresTransporte(buscarProveedor, subcontratado);
  const camiones = useCamionesActivos(buscarCamion, !subcontratado);
  const propio = useTransportistaPropio();
  const pesoKg = peso.trim() ? Number(peso.replace(/\./g, '')) : null;

  // "prefilled once with Palma as suppliers" (§5).
  useEffect(() => {
    if (t) return;
    const controller = new AbortController();
    void findDefaultDireccion(api, controller.signal).then((d) => {
      if (!d) return;
      setOrigen((o) => (o.municipioId ? o : d));
      setDestino((o) => (o.municipioId ? o : d));
    });
    return () => controller.abort();
  }, [api, t]);

  const cuerpo = () =>
    limitado
      ? {
          precio: precio.trim() ? precio.trim().replace(',', '.') : null,
          tipoIva,
          observaciones: observaciones.trim() || undefined,
        }
      : {
          clienteId,
          remitente: remitenteEsCliente
            ? null
            : {
                nombre: remitente.nombre,
                ...(remitente.documento.trim() ? { documento: remitente.documento.trim() } : {}),
              },
          destinatario: {
            nombre: destinatario.nombre,
            ...(destinatario.documento.trim() ? { documento: destinatario.documento.trim() } : {}),
            ...(destinatario.telefono.trim() ? { telefono: destinatario.telefono.trim() } : {}),
          },
          origen: { nombre: origenNombre, direccion: direccionInputOf(origen) },
          destino: { nombre: destinoNombre, direccion: direccionInputOf(destino) },
          fechaCarga,
          horaCarga,
          fechaEntregaPrevista: prevista,
          transportista: subcontratado
            ? { tipo: 'subcontratado', proveedorId }
            : { tipo: 'propio' },
          camionId: subcontratado ? null : camionId || null,
          matricula: subcontratado ? matricula : '',
          matriculaRemolque: remolque,
          conductor: { nombre: conductor, dni: dniConductor },
          mercancia: {
            descripcion: mercancia,
            bultos: bultos.trim() ? Number(bultos) : null,
            pesoKg,
            pesoEstimado: estimado,
          },
          exentoDocumentoControl: exento,
          motivoExencion: exento && motivo ? motivo : null,
          precio: precio.trim() ? precio.trim().replace(',', '.') : null,
          tipoIva,
          referenciaExterna: referencia,
          observaciones,
        };

  const guardar = useLogisticaMutation(async (a, _: undefined) =>
    t
      ? put<Transporte>(a, `${TRANSPORTE_API}/${t._id}`, { ...cuerpo(), version: t.version })
      : post<Transporte>(a, TRANSPORTE_API, cuerpo()),
  );
  // A refused save: what the browser finds in the body (the API's own schema) once a save was
  // tried, else the server's 400, each message on its field (issue 14).
  const [intentado, setIntentado] = useState(false);
  const esquema = t ? transporteUpdateSchema : transporteCreateSchema;
  const servidor = guardar.isError
    ? {
        message: serverMessageOr(guardar.error, T.form.errorGuardar),
        errors: isApiError(guardar.error)
          ? (guardar.error.errors ?? []).filter((e): e is string => typeof e === 'string')
          : [],
      }
    : null;
  const errores = useErroresDocumento(
    useErrorVisible(servidor, intentado ? erroresDelEsquema(esquema, cuerpo()) : []),
    CAMPOS,
    SIN_LINEAS,
  );
  const enviar = () => {
    guardar.reset();
    setIntentado(true);
    if (erroresDelEsquema(esquema, cuerpo()).length > 0) {
      errores.enfocar();
      return;
    }
    guardar.mutate(undefined, {
      onError: () => errores.enfocar(),
      onSuccess: (r) => {
        setRedirigiendo(true);
        setTimeout(
          () =>
            void navigate(logisticaHrefs.transporteVer(r._id), {
              state: { flash: t ? 'Albarán actualizado' : 'Albarán creado' },
            }),
          900,
        );
      },
    });
  };

  const deshabilitado = limitado;
  const puedeCrear = can(roles, 'localizacion.create');
  return (
    <ResourcePage className="logistica-page">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <HeadingTitle
          text={t ? `Editar albarán de transporte ${t.numero}` : T.lista.nuevoTransporte}
        />
        <h1 className="h3 mb-0">
          {t ? `Editar albarán de transporte ${t.numero}` : T.lista.nuevoTransporte}
        </h1>
        <Link
          to={t ? logisticaHrefs.transporteVer(t._id) : logisticaHrefs.lista()}
          className="btn btn-outline-secondary"
        >
          Volver
        </Link>
      </div>
      {limitado && (
        <Alert variant="info" role="note">
          El documento de control ya ha salido: solo pueden cambiarse precio, IVA y observaciones.
        </Alert>
      )}
      {errores.alerta}
      {redirigiendo && <Alert variant="success">{T.form.redirigiendo}</Alert>}
      <UnsavedChangesGuard dirty={cambios.cambiado && !redirigiendo} />
      <ErrorDeCampo.Provider value={errores.campo}>
        <Form
          className="d-grid gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            enviar();
          }}
          onChange={cambios.onChange}
        >
          <SectionCard title="Cliente y destinatario">
            <Row className="g-2">
              <Col md={6}>
                <Form.Control
                  placeholder="Buscar cliente por nombre o NIF…"
                  aria-label="Buscar cliente por nombre o NIF…"
                  value={buscarCliente}
                  disabled={deshabilitado}
                  onChange={(e) => setBuscarCliente(e.target.value)}
                  className="mb-1"
                />
                <Campo id="transporte-cliente" campo="clienteId" label="Cliente">
                  <Form.Select
                    value={clienteId}
                    disabled={deshabilitado}
                    onChange={(e) => {
                      setClienteId(e.target.value);
                      setClienteElegido(
                        conElegida(clientes.data, clienteElegido).find(
                          (c) => c._id === e.target.value,
                        ) ?? null,
                      );
                    }}
                  >
                    <option value="">— Elige un cliente —</option>
                    {conElegida(clientes.data, clienteElegido).map((c) => (
                      <option key={c._id} value={c._id}>
                        {c.etiqueta}
                      </option>
                    ))}
                  </Form.Select>
                </Campo>
                <Form.Check
                  type="switch"
                  className="mt-2"
                  id="transporte-remitente-cliente"
                  label="El remitente es el cliente"
                  checked={remitenteEsCliente}
                  disabled={deshabilitado}
                  onChange={(e) => setRemitenteEsCliente(e.target.checked)}
                />
                {!remitenteEsCliente && (
                  <Row className="g-2">
                    <Col xs={12} sm={7}>
                      <Campo id="transporte-remitente" campo="remitente.nombre" label="Remitente">
                        <Form.Control
                          value={remitente.nombre}
                          disabled={deshabilitado}
                          maxLength={200}
                          onChange={(e) => setRemitente({ ...remitente, nombre: e.target.value })}
                        />
                      </Campo>
                    </Col>
                    <Col xs={12} sm={5}>
                      <Campo
                        id="transporte-remitente-nif"
                        campo="remitente.documento"
                        label="NIF del remitente"
                      >
                        <Form.Control
                          value={remitente.documento}
                          disabled={deshabilitado}
                          maxLength={30}
                          onChange={(e) =>
                            setRemitente({ ...remitente, documento: e.target.value })
                          }
                        />
                      </Campo>
                    </Col>
                  </Row>
                )}
              </Col>
              <Col md={6}>
                <Campo
                  id="transporte-destinatario"
                  campo="destinatario.nombre"
                  label="Destinatario"
                >
                  <Form.Control
                    value={destinatario.nombre}
                    disabled={deshabilitado}
                    onChange={(e) => setDestinatario({ ...destinatario, nombre: e.target.value })}
                  />
                </Campo>
                <Row className="g-2 mt-0">
                  <Col xs={6}>
                    <Campo
                      id="transporte-destinatario-nif"
                      campo="destinatario.documento"
                      label="NIF del destinatario"
                    >
                      <Form.Control
                        value={destinatario.documento}
                        disabled={deshabilitado}
                        onChange={(e) =>
                          setDestinatario({ ...destinatario, documento: e.target.value })
                        }
                      />
                    </Campo>
                  </Col>
                  <Col xs={6}>
                    <Campo
                      id="transporte-destinatario-telefono"
                      campo="destinatario.telefono"
                      label="Teléfono del destinatario"
                    >
                      <Form.Control
                        value={destinatario.telefono}
                        disabled={deshabilitado}
                        onChange={(e) =>
                          setDestinatario({ ...destinatario, telefono: e.target.value })
                        }
                      />
                    </Campo>
                  </Col>
                </Row>
              </Col>
            </Row>
          </SectionCard>
          <SectionCard title="Origen">
            <Campo
              id="transporte-origen-nombre"
              campo="origen.nombre"
              label="Nombre del lugar de origen"
            >
              <Form.Control
                value={origenNombre}
                disabled={deshabilitado}
                maxLength={100}
                onChange={(e) => setOrigenNombre(e.target.value)}
              />
            </Campo>
            <AddressPicker
              value={origen}
              onChange={setOrigen}
              disabled={deshabilitado}
              canCreate={puedeCrear}
              idPrefix="origen"
            />
          </SectionCard>
          <SectionCard title="Destino">
            <Campo
              id="transporte-destino-nombre"
              campo="destino.nombre"
              label="Nombre del lugar de destino"
            >
              <Form.Control
                value={destinoNombre}
                disabled={deshabilitado}
                maxLength={100}
                onChange={(e) => setDestinoNombre(e.target.value)}
              />
            </Campo>
            <AddressPicker
              value={destino}
              onChange={setDestino}
              disabled={deshabilitado}
              canCreate={puedeCrear}
              idPrefix="destino"
            />
          </SectionCard>
          <SectionCard title="Carga">
            <Row className="g-2">
              <Col xs={6} md={4}>
                <Campo id="transporte-fecha-carga" campo="fechaCarga" label="Fecha de carga">
                  <Form.Control
                    type="date"
                    value={fechaCarga}
                    disabled={deshabilitado}
                    onChange={(e) => setFechaCarga(e.target.value)}
                  />
                </Campo>
              </Col>
              <Col xs={6} md={4}>
                <Campo id="transporte-hora-carga" campo="horaCarga" label="Hora de carga">
                  <Form.Control
                    type="time"
                    value={horaCarga}
                    disabled={deshabilitado}
                    onChange={(e) => setHoraCarga(e.target.value)}
                  />
                </Campo>
              </Col>
              <Col md={4}>
                <Campo
                  id="transporte-prevista"
                  campo="fechaEntregaPrevista"
                  label="Entrega prevista"
                >
                  <Form.Control
                    type="date"
                    value={prevista}
                    disabled={deshabilitado}
                    onChange={(e) => setPrevista(e.target.value)}
                  />
                </Campo>
              </Col>
            </Row>
          </SectionCard>
          <SectionCard title="Vehículo y conductor">
            <Row className="g-2 mb-2">
              <Col md={6}>
                <Campo id="transporte-transportista" label="Transportista">
                  <Form.Select
                    value={subcontratado ? 'subcontratado' : 'propio'}
                    disabled={deshabilitado}
                    onChange={(e) => setSubcontratado(e.target.value === 'subcontratado')}
                  >
                    <option value="propio">Propio</option>
                    <option value="subcontratado">Subcontratado</option>
                  </Form.Select>
                </Campo>
              </Col>
              {subcontratado && (
                <Col md={6}>
                  <Form.Control
                    placeholder="Buscar proveedor por nombre o NIF…"
                    aria-label="Buscar proveedor por nombre o NIF…"
                    value={buscarProveedor}
                    disabled={deshabilitado}
                    onChange={(e) => setBuscarProveedor(e.target.value)}
                    className="mb-1"
                  />
                  <Campo
                    id="transporte-proveedor"
                    campo="transportista.proveedorId"
                    label="Proveedor"
                  >
                    <Form.Select
                      value={proveedorId}
                      disabled={deshabilitado}
                      onChange={(e) => {
                        setProveedorId(e.target.value);
                        setProveedorElegido(
                          conElegida(proveedores.data, proveedorElegido).find(
                            (p) => p._id === e.target.value,
                          ) ?? null,
                        );
                      }}
                    >
                      <option value="">— Elige el transportista —</option>
                      {conElegida(proveedores.data, proveedorElegido).map((p) => (
                        <option key={p._id} value={p._id}>
                          {p.etiqueta}
                        </option>
                      ))}
                    </Form.Select>
                  </Campo>
                </Col>
              )}
            </Row>
            <Row className="g-2">
              {subcontratado ? (
                <Col md={6}>
                  <Campo id="transporte-matricula" campo="matricula" label="Matrícula">
                    <Form.Control
                      value={matricula}
                      disabled={deshabilitado}
                      maxLength={20}
                      autoComplete="off"
                      onChange={(e) => setMatricula(e.target.value)}
                    />
                  </Campo>
                </Col>
              ) : (
                <Col md={6}>
                  <Form.Control
                    placeholder="Buscar por matrícula…"
                    aria-label="Buscar por matrícula…"
                    value={buscarCamion}
                    disabled={deshabilitado}
                    onChange={(e) => setBuscarCamion(e.target.value)}
                    className="mb-1"
                  />
                  <Campo id="transporte-camion" campo="camionId" label="Camión">
                    <Form.Select
                      value={camionId}
                      disabled={deshabilitado}
                      onChange={(e) => {
                        setCamionId(e.target.value);
                        setCamionElegido(
                          conElegida(camiones.data, camionElegido).find(
                            (c) => c._id === e.target.value,
                          ) ?? null,
                        );
                      }}
                    >
                      <option value="">— Sin camión —</option>
                      {conElegida(camiones.data, camionElegido).map((c) => (
                        <option key={c._id} value={c._id}>
                          {c.etiqueta}
                        </option>
                      ))}
                    </Form.Select>
                  </Campo>
                </Col>
              )}
              <Col md={6}>
                <Campo
                  id="transporte-remolque"
                  campo="matriculaRemolque"
                  label="Matrícula remolque"
                >
                  <Form.Control
                    value={remolque}
                    disabled={deshabilitado}
                    onChange={(e) => setRemolque(e.target.value)}
                  />
                </Campo>
              </Col>
              <Col md={6}>
                <Campo id="transporte-conductor" campo="conductor.nombre" label="Conductor">
                  <Form.Control
                    value={conductor}
                    disabled={deshabilitado}
                    maxLength={100}
                    onChange={(e) => setConductor(e.target.value)}
                  />
                </Campo>
              </Col>
              <Col md={6}>
                <Campo
                  id="transporte-dni-conductor"
                  campo="conductor.dni"
                  label="DNI del conductor"
                >
                  <Form.Control
                    value={dniConductor}
                    disabled={deshabilitado}
                    onChange={(e) => setDniConductor(e.target.value)}
                  />
                </Campo>
              </Col>
            </Row>
          </SectionCard>
          <SectionCard title="Mercancía">
            <Row className="g-2">
              <Col md={6}>
                <Campo id="transporte-mercancia" campo="mercancia.descripcion" label="Descripción">
                  <Form.Control
                    value={mercancia}
                    disabled={deshabilitado}
                    maxLength={500}
                    onChange={(e) => setMercancia(e.target.value)}
                  />
                </Campo>
              </Col>
              <Col xs={6} md={2}>
                <Campo id="transporte-bultos" campo="mercancia.bultos" label="Bultos">
                  <Form.Control
                    inputMode="numeric"
                    value={bultos}
                    disabled={deshabilitado}
                    onChange={(e) => setBultos(e.target.value)}
                  />
                </Campo>
              </Col>
              <Col xs={6} md={2}>
                <Campo id="transporte-peso" campo="mercancia.pesoKg" label="Peso (kg)">
                  <Form.Control
                    inputMode="numeric"
                    value={peso}
                    disabled={deshabilitado}
                    onChange={(e) => setPeso(e.target.value)}
                  />
                </Campo>
              </Col>
              <Col md={2} className="d-flex align-items-end">
                <Form.Check
                  id="transporte-estimado"
                  label="Peso estimado"
                  checked={estimado}
                  disabled={deshabilitado}
                  onChange={(e) => setEstimado(e.target.checked)}
                />
              </Col>
            </Row>
          </SectionCard>
          <SectionCard title="Documento de control">
            <Form.Check
              type="switch"
              id="transporte-exento"
              label="Transporte exento"
              checked={exento}
              disabled={deshabilitado}
              onChange={(e) => setExento(e.target.checked)}
            />
            {!exento && (
              <ChecklistControl
                datos={{
                  clienteNif: clienteId ? clienteElegido?.documento : null,
                  transportistaNif: subcontratado
                    ? proveedorId
                      ? proveedorElegido?.documento
                      : null
                    : (propio.data?.nif ??
                      (t?.transportista.tipo === 'propio' ? t.transportista.nif : null)),
                  origenMunicipioId: origen.municipioId,
                  destinoMunicipioId: destino.municipioId,
                  mercancia,
                  pesoKg,
                  matricula: subcontratado ? matricula : camionId ? camionElegido?.matricula : null,
                  conductor,
                }}
              />
            )}
            {exento && (
              <Campo id="transporte-motivo-exencion" campo="motivoExencion" label="Motivo">
                <Form.Select
                  value={motivo}
                  disabled={deshabilitado}
                  onChange={(e) => setMotivo(e.target.value)}
                >
                  <option value="">— Elige el motivo —</option>
                  {MOTIVOS_EXENCION.map((m) => (
                    <option key={m} value={m}>
                      {MOTIVO_EXENCION_LABELS[m]}
                    </option>
                  ))}
                </Form.Select>
              </Campo>
            )}
          </SectionCard>
          <SectionCard title="Precio">
            <Row className="g-2">
              <Col xs={6} md={4}>
                <Campo id="transporte-precio" campo="precio" label="Precio sin IVA (€)">
                  <Form.Control
                    inputMode="decimal"
                    value={precio}
                    onChange={(e) => setPrecio(e.target.value)}
                  />
                </Campo>
              </Col>
              <Col xs={6} md={4}>
                <Campo id="transporte-iva" campo="tipoIva" label="IVA (%)">
                  <Form.Select value={tipoIva} onChange={(e) => setTipoIva(Number(e.target.value))}>
                    {[21, 10, 4, 0].map((v) => (
                      <option key={v} value={v}>
                        {v}
                      </option>
                    ))}
                  </Form.Select>
                </Campo>
              </Col>
              <Col md={4}>
                <Campo
                  id="transporte-referencia"
                  campo="referenciaExterna"
                  label="Referencia externa"
                >
                  <Form.Control
                    value={referencia}
                    disabled={deshabilitado}
                    maxLength={50}
                    onChange={(e) => setReferencia(e.target.value)}
                  />
                </Campo>
              </Col>
            </Row>
            <Campo id="transporte-observaciones" campo="observaciones" label="Observaciones">
              <Form.Control
                as="textarea"
                rows={3}
                value={observaciones}
                maxLength={2000}
                onChange={(e) => setObservaciones(e.target.value)}
              />
            </Campo>
          </SectionCard>
          <div className="d-flex flex-wrap gap-2 justify-content-end">
            <Link
              to={t ? logisticaHrefs.transporteVer(t._id) : logisticaHrefs.lista()}
              className="btn btn-outline-secondary"
            >
              Cancelar
            </Link>
            <Button type="submit" disabled={guardar.isPending || redirigiendo}>
              {guardar.isPending ? T.form.guardando : t ? 'Guardar cambios' : 'Crear albarán'}
            </Button>
          </div>
        </Form>
      </ErrorDeCampo.Provider>
    </ResourcePage>
  );
};

/** /albaranes/transporte/crear and /albaranes/transporte/editar/{id}. */
export const TransporteFormPage = ({ mode }: { mode: 'create' | 'edit' }) => {
  const { id } = useParams();
  const valido = mode === 'create' || isRecordId(id);
  const query = useTransporte(mode === 'edit' && valido ? id : undefined);
  if (mode === 'create') return <Formulario />;
  const marco = (c: React.ReactNode) => <ResourcePage className="logistica-page">{c}</ResourcePage>;
  if (!valido)
    return marco(
      <PantallaNoDisponible titulo={T.singular} id={id}>
        {T.form.invalido}
      </PantallaNoDisponible>,
    );
  if (query.isPending) return marco(<LoadingStatus message={T.form.cargando} />);
  if (query.isError || !query.data)
    return marco(
      <PantallaNoDisponible titulo={T.singular} id={id}>
        {T.form.noCargado}
      </PantallaNoDisponible>,
    );
  return <Formulario t={query.data} />;
};
