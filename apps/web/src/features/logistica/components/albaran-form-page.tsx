import { useMemo, useState } from 'react';
import { Alert, Button, Col, Form, Row, Table } from 'react-bootstrap';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  asignarFifo,
  can,
  direccionInputOf,
  EMPTY_DIRECCION,
  horaMadrid,
  instanteMadrid,
  albaranCreateSchema,
  albaranUpdateSchema,
  type Albaran,
  type Direccion,
  type Saldo,
} from '@tvsistema/domain';
import { diaEnMadrid, formatFecha } from '@tvsistema/domain/format';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { UnsavedChangesGuard } from '../../../components/resource/unsaved-changes-guard.js';
import { SectionCard } from '../../../components/resource/section-card.js';
import {
  erroresDelEsquema,
  useErrorVisible,
  useErroresDocumento,
} from '../../../components/resource/errores-formulario.js';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { HeadingTitle } from '../../../lib/page-title.js';
import { AddressPicker, isEmptyDireccion } from '../../localizacion/index.js';
import {
  ALBARANES_API,
  post,
  put,
  useAlbaran,
  useAlquileresAbiertos,
  useArticulos,
  useLogisticaMutation,
  useObraDeAlquiler,
  useSaldo,
  type ArticuloOpcion,
} from '../api/logistica-api.js';
import { isRecordId, logisticaHrefs } from '../logistica-paths.js';
import { T } from '../logistica-texts.js';
import { lineaDeServicio, ServiciosCard, type Servicio } from './servicios-card.js';
import { useCambios } from './use-cambios.js';
import '../logistica.css';

// §5 Rental form: create (tipo from the URL) or edit a borrador. Entrega lines come from the
// article search; recogida lines from the alquiler's saldo, with the FIFO preview (R3).

type Fila = {
  clase: 'maquina' | 'andamio' | 'concepto';
  articuloId: string;
  codigo: string;
  descripcion: string;
  disponibles?: number | undefined;
  enObra?: number | undefined;
  cantidad: string;
  correcto: string;
  danado: string;
  falta: string;
  observacionDano: string;
  horometro: string;
};

const ahora = () => {
  const d = new Date(Math.floor(Date.now() / 300_000) * 300_000);
  return { fecha: diaEnMadrid(d), hora: horaMadrid(d) };
};
const n = (v: string) => (v.trim() === '' ? 0 : Number(v));

/** The body's fields the form draws with a message of their own (issue 14). */
const CAMPOS = [
  'alquilerId',
  'fechaHora',
  'fechaFinCobro',
  'referenciaExterna',
  'matricula',
  'conductor',
  'observaciones',
] as const;
const SIN_LINEAS: ReadonlySet<string> = new Set();
const LINEA = /^lineas(?:\[(\d+)\]|\.(\d+))\.[\w.]+\s*:\s*(.+)$/s;

/**
 * An API error about the material as a user reads it: "lineas[1].horometro: …" names the
 * article of the second line sent (the table leaves out rows with nothing counted, so its row
 * number would mislead), and "lineas: …" is just its message.
 */
const enPalabras = (error: string, etiquetas: readonly string[]) => {
  const linea = LINEA.exec(error);
  if (linea) {
    const etiqueta = etiquetas[Number(linea[1] ?? linea[2])];
    return etiqueta ? `${etiqueta}: ${linea[3]}` : error;
  }
  return error.replace(/^lineas\s*:\s*/, '');
};

const filaDeSaldo = (s: Saldo[number]): Fila => ({
  clase: s.clase,
  articuloId: s.articuloId,
  codigo: s.codigo,
  descripcion: s.descripcion,
  enObra: s.enObra,
  cantidad: '',
  correcto: '',
  danado: '',
  falta: '',
  observacionDano: '',
  horometro: '',
});

const Formulario = ({ albaran }: { albaran?: Albaran }) => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const api = useApiClient();
  const inicial = ahora();
  const [tipo, setTipo] = useState<'entrega' | 'recogida'>(
    albaran?.tipo ?? (params.get('tipo') === 'recogida' ? 'recogida' : 'entrega'),
  );
  const [alquilerId, setAlquilerId] = useState(
    albaran?.alquiler._id ?? params.get('alquilerId') ?? '',
  );
  const [buscarAlquiler, setBuscarAlquiler] = useState('');
  const [fecha, setFecha] = useState(
    albaran ? diaEnMadrid(new Date(albaran.fechaHora)) : inicial.fecha,
  );
  const [hora, setHora] = useState(albaran ? horaMadrid(albaran.fechaHora) : inicial.hora);
  const [finCobro, setFinCobro] = useState(albaran?.fechaFinCobro ?? '');
  const [referencia, setReferencia] = useState(albaran?.referenciaExterna ?? '');
  const [matricula, setMatricula] = useState(albaran?.matriculaTexto ?? '');
  const [conductor, setConductor] = useState(albaran?.conductor ?? '');
  const [observaciones, setObservaciones] = useState(albaran?.observaciones ?? '');
  const [servicios, setServicios] = useState<Servicio[]>(
    albaran?.lineas
      .filter((l) => l.clase === 'concepto')
      .map((l) => ({
        articuloId: l.articuloId,
        codigo: l.codigo,
        descripcion: l.descripcion,
        cantidad: String(Number(l.cantidad)),
        precio: l.precioUnitario === null ? '' : String(Number(l.precioUnitario)),
        tipoIva: l.tipoIva,
      })) ?? [],
  );
  const [filas, setFilas] = useState<Fila[]>(
    albaran?.lineas
      .filter((l) => l.clase !== 'concepto')
      .map((l) => ({
        clase: l.clase,
        articuloId: l.articuloId,
        codigo: l.codigo,
        descripcion: l.descripcion,
        cantidad: String(Number(l.cantidad)),
        correcto: l.correcto === null ? '' : String(l.correcto),
        danado: l.danado === null ? '' : String(l.danado),
        falta: l.falta === null ? '' : String(l.falta),
        observacionDano: l.observacionDano ?? '',
        horometro: l.horometro ?? '',
      })) ?? [],
  );
  // "Obra": the albarán's address, prefilled once per chosen alquiler with its dirección de obra.
  const [obra, setObra] = useState<Direccion>(albaran?.direccionObra ?? EMPTY_DIRECCION);
  const [obraDe, setObraDe] = useState<string | undefined>(albaran?.alquiler._id);
  const obraAlquiler = useObraDeAlquiler(
    alquilerId && obraDe !== alquilerId ? alquilerId : undefined,
  );
  if (alquilerId && obraDe !== alquilerId && obraAlquiler.isSuccess) {
    setObraDe(alquilerId);
    setObra(obraAlquiler.data ?? EMPTY_DIRECCION);
  }
  const { roles } = useAuthContext();
  const [buscarArticulo, setBuscarArticulo] = useState('');
  const [articuloElegido, setArticuloElegido] = useState('');
  const [estado, setEstado] = useState<'editando' | 'guardando' | 'redirigiendo'>('editando');
  const cambios = useCambios();
  const alquileres = useAlquileresAbiertos(buscarAlquiler);
  const articulos = useArticulos(buscarArticulo);
  const saldo = useSaldo(tipo === 'recogida' && alquilerId ? alquilerId : undefined);
  const [saldoCargado, setSaldoCargado] = useState<string>();
  // Recogida: the rows of the saldo, once per alquiler (adjusted while rendering).
  if (tipo === 'recogida' && !albaran && saldo.data && saldoCargado !== alquilerId) {
    setSaldoCargado(alquilerId);
    setFilas(saldo.data.map(filaDeSaldo));
  }
  const opcionesAlquiler = alquileres.data ?? [];
  const alquilerActual = opcionesAlquiler.find((a) => a._id === alquilerId);

  const cambiar = (i: number, campo: keyof Fila, valor: string) =>
    setFilas((fs) => fs.map((f, j) => (j === i ? { ...f, [campo]: valor } : f)));

  const anadir = (a: ArticuloOpcion | undefined) => {
    if (!a || filas.some((f) => f.articuloId === a._id)) return;
    cambios.marcar();
    setFilas((fs) => [
      ...fs,
      {
        clase: a.clase,
        articuloId: a._id,
        codigo: a.codigo,
        descripcion: a.descripcion,
        disponibles: a.stock?.disponible,
        cantidad: a.clase === 'maquina' ? '1' : '',
        correcto: '',
        danado: '',
        falta: '',
        observacionDano: '',
        horometro: '',
      },
    ]);
    setArticuloElegido('');
  };

  const enviadas = filas
    .map((f) => {
      const etiqueta = `${f.codigo} ${f.descripcion}`;
      if (tipo === 'entrega')
        return {
          etiqueta,
          clase: f.clase,
          articuloId: f.articuloId,
          cantidad: f.cantidad.trim() || '0',
          ...(f.horometro.trim() ? { horometro: f.horometro.trim().replace(',', '.') } : {}),
        };
      const total = n(f.correcto) + n(f.danado) + n(f.falta);
      if (total === 0 && f.clase !== 'concepto') return null;
      return {
        etiqueta,
        clase: f.clase,
        articuloId: f.articuloId,
        cantidad: String(total),
        correcto: n(f.correcto),
        danado: n(f.danado),
        falta: n(f.falta),
        ...(f.observacionDano.trim() ? { observacionDano: f.observacionDano.trim() } : {}),
        ...(f.horometro.trim() ? { horometro: f.horometro.trim().replace(',', '.') } : {}),
      };
    })
    .filter((l): l is NonNullable<typeof l> => l !== null)
    .concat(
      servicios.map((s) => ({ etiqueta: `${s.codigo} ${s.descripcion}`, ...lineaDeServicio(s) })),
    );
  const etiquetas = enviadas.map((l) => l.etiqueta);
  const lineas = enviadas.map(({ etiqueta: _, ...linea }) => linea);

  const cuerpo = () => ({
    alquilerId,
    fechaHora: instanteMadrid(fecha, hora),
    ...(tipo === 'recogida' && finCobro ? { fechaFinCobro: finCobro } : {}),
    ...(isEmptyDireccion(obra) ? {} : { direccionObra: direccionInputOf(obra) }),
    ...(referencia.trim() ? { referenciaExterna: referencia.trim() } : {}),
    ...(matricula.trim() ? { matricula: matricula.trim() } : {}),
    ...(conductor.trim() ? { conductor: conductor.trim() } : {}),
    ...(observaciones.trim() ? { observaciones: observaciones.trim() } : {}),
    lineas,
  });

  const guardar = useLogisticaMutation(async (a, accion: 'guardar' | 'emitir') => {
    if (albaran) {
      let r = await put<Albaran>(a, `${ALBARANES_API}/${albaran._id}`, {
        ...cuerpo(),
        version: albaran.version,
      });
      if (accion === 'emitir')
        r = await post<Albaran>(a, `${ALBARANES_API}/${albaran._id}/emitir`, {
          version: r.version,
        });
      return r;
    }
    return post<Albaran>(a, ALBARANES_API, { ...cuerpo(), tipo, accion });
  });

  // A refused save: what the browser finds in the body with the API's own schema once a save was
  // tried, else the server's 400; each message on its field, the material's by article.
  const [intentado, setIntentado] = useState(false);
  const erroresNavegador = () =>
    (albaran
      ? erroresDelEsquema(albaranUpdateSchema, cuerpo())
      : erroresDelEsquema(albaranCreateSchema, { ...cuerpo(), tipo })
    ).map((e) => enPalabras(e, etiquetas));
  const servidor = guardar.isError
    ? {
        message: serverMessageOr(guardar.error, T.form.errorGuardar),
        errors: (isApiError(guardar.error) ? (guardar.error.errors ?? []) : [])
          .filter((e): e is string => typeof e === 'string')
          .map((e) => enPalabras(e, etiquetas)),
      }
    : null;
  const errores = useErroresDocumento(
    useErrorVisible(servidor, intentado ? erroresNavegador() : []),
    CAMPOS,
    SIN_LINEAS,
  );

  const enviar = (accion: 'guardar' | 'emitir') => {
    guardar.reset();
    setIntentado(true);
    if (erroresNavegador().length > 0) {
      errores.enfocar();
      return;
    }
    setEstado('guardando');
    guardar.mutate(accion, {
      onSuccess: (r) => {
        setEstado('redirigiendo');
        const flash = r.numero && accion === 'emitir' ? T.form.emitido(r.numero) : T.form.guardado;
        setTimeout(() => void navigate(logisticaHrefs.ver(r._id), { state: { flash } }), 900);
      },
      onError: () => {
        setEstado('editando');
        errores.enfocar();
      },
    });
  };
  void api;

  const preview = (f: Fila) => {
    const lotes = saldo.data?.find((s) => s.articuloId === f.articuloId)?.lotes ?? [];
    const total = n(f.correcto) + n(f.danado) + n(f.falta);
    if (total === 0) return '';
    return asignarFifo(
      lotes.map((l) => ({
        loteId: l.loteId,
        fecha: l.fecha,
        pendiente: l.pendiente,
        numero: l.numero,
      })),
      total,
    )
      .asignaciones.map((x) => `de ${x.numero ?? ''} (${formatFecha(x.fecha)}): ${x.cantidad}`)
      .join(' · ')
      .replace(/^de/, 'De');
  };

  const titulo = albaran
    ? T.form.editar(albaran.tipo)
    : tipo === 'entrega'
      ? T.form.nuevoEntrega
      : T.form.nuevoRecogida;
  const ocupado = estado !== 'editando';
  return (
    <ResourcePage className="logistica-page">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <HeadingTitle text={titulo} />
        <h1 className="h3 mb-0">{titulo}</h1>
        <Link
          to={albaran ? logisticaHrefs.ver(albaran._id) : logisticaHrefs.lista()}
          className="btn btn-outline-secondary"
        >
          Volver
        </Link>
      </div>
      {errores.alerta}
      {estado === 'redirigiendo' && <Alert variant="success">{T.form.redirigiendo}</Alert>}
      <UnsavedChangesGuard dirty={cambios.cambiado && estado !== 'redirigiendo'} />
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          enviar('emitir');
        }}
        onChange={cambios.onChange}
        className="d-grid gap-3"
      >
        <SectionCard title={T.form.datos}>
          <Row className="g-2">
            {!albaran && (
              <Col md={3}>
                <Form.Group controlId="albaran-tipo">
                  <Form.Label>Tipo</Form.Label>
                  <Form.Select
                    value={tipo}
                    onChange={(e) => {
                      setTipo(e.target.value as 'entrega');
                      setFilas([]);
                      setSaldoCargado(undefined);
                    }}
                  >
                    <option value="entrega">Entrega</option>
                    <option value="recogida">Recogida</option>
                  </Form.Select>
                </Form.Group>
              </Col>
            )}
            <Col md={4}>
              <Form.Group controlId="albaran-buscar-alquiler">
                <Form.Label visuallyHidden>{T.form.buscarAlquiler}</Form.Label>
                <Form.Control
                  placeholder={T.form.buscarAlquiler}
                  aria-label={T.form.buscarAlquiler}
                  value={buscarAlquiler}
                  onChange={(e) => setBuscarAlquiler(e.target.value)}
                />
              </Form.Group>
              <Form.Group controlId="albaran-alquiler" className="mt-1">
                <Form.Label>{T.form.alquiler}</Form.Label>
                <Form.Select
                  {...errores.campoProps('alquilerId', 'albaran-alquiler')}
                  value={alquilerId}
                  onChange={(e) => {
                    setAlquilerId(e.target.value);
                    setSaldoCargado(undefined);
                  }}
                >
                  <option value="">— Elige un alquiler —</option>
                  {alquilerId && !alquilerActual && (
                    <option value={alquilerId}>
                      {albaran?.alquiler.numero ?? 'Alquiler elegido'}
                    </option>
                  )}
                  {opcionesAlquiler.map((a) => (
                    <option key={a._id} value={a._id}>
                      {`${a.numero} — ${a.cliente}${a.obraNombre ? ` · ${a.obraNombre}` : ''}`}
                    </option>
                  ))}
                </Form.Select>
                {errores.mensaje('alquilerId', 'albaran-alquiler')}
              </Form.Group>
            </Col>
            <Col md={5}>
              <Form.Group controlId="albaran-cliente">
                <Form.Label>Cliente</Form.Label>
                <Form.Control
                  readOnly
                  value={alquilerActual?.cliente ?? albaran?.cliente.nombre ?? ''}
                />
              </Form.Group>
            </Col>
            <Col xs={6} md={3}>
              <Form.Group controlId="albaran-fecha">
                <Form.Label>Fecha</Form.Label>
                <Form.Control
                  {...errores.campoProps('fechaHora', 'albaran-fecha')}
                  type="date"
                  value={fecha}
                  onChange={(e) => setFecha(e.target.value)}
                />
                {errores.mensaje('fechaHora', 'albaran-fecha')}
              </Form.Group>
            </Col>
            <Col xs={6} md={2}>
              <Form.Group controlId="albaran-hora">
                <Form.Label>Hora</Form.Label>
                <Form.Control
                  type="time"
                  step={300}
                  value={hora}
                  onChange={(e) => setHora(e.target.value)}
                />
              </Form.Group>
            </Col>
            {tipo === 'recogida' && (
              <Col md={3}>
                <Form.Group controlId="albaran-fin-cobro">
                  <Form.Label>Fin de cobro</Form.Label>
                  <Form.Control
                    {...errores.campoProps(
                      'fechaFinCobro',
                      'albaran-fin-cobro',
                      'albaran-fin-cobro-ayuda',
                    )}
                    type="date"
                    value={finCobro}
                    onChange={(e) => setFinCobro(e.target.value)}
                  />
                  <Form.Text id="albaran-fin-cobro-ayuda">{T.form.finCobroAyuda}</Form.Text>
                  {errores.mensaje('fechaFinCobro', 'albaran-fin-cobro')}
                </Form.Group>
              </Col>
            )}
            <Col md={4}>
              <Form.Group controlId="albaran-referencia">
                <Form.Label>Referencia externa</Form.Label>
                <Form.Control
                  {...errores.campoProps('referenciaExterna', 'albaran-referencia')}
                  value={referencia}
                  maxLength={50}
                  onChange={(e) => setReferencia(e.target.value)}
                />
                {errores.mensaje('referenciaExterna', 'albaran-referencia')}
              </Form.Group>
            </Col>
          </Row>
        </SectionCard>
        <SectionCard title="Obra">
          <AddressPicker
            value={obra}
            onChange={(d) => {
              cambios.marcar();
              setObra(d);
            }}
            canCreate={can(roles, 'localizacion.create')}
            idPrefix="albaran-obra"
          />
        </SectionCard>
        <SectionCard title="Transporte">
          <Row className="g-2">
            <Col md={4}>
              <Form.Group controlId="albaran-matricula">
                <Form.Label>Matrícula</Form.Label>
                <Form.Control
                  {...errores.campoProps('matricula', 'albaran-matricula')}
                  value={matricula}
                  onChange={(e) => setMatricula(e.target.value)}
                />
                {errores.mensaje('matricula', 'albaran-matricula')}
              </Form.Group>
            </Col>
            <Col md={8}>
              <Form.Group controlId="albaran-conductor">
                <Form.Label>Conductor</Form.Label>
                <Form.Control
                  {...errores.campoProps('conductor', 'albaran-conductor')}
                  value={conductor}
                  maxLength={100}
                  onChange={(e) => setConductor(e.target.value)}
                />
                {errores.mensaje('conductor', 'albaran-conductor')}
              </Form.Group>
            </Col>
          </Row>
        </SectionCard>
        <SectionCard
          title="Material"
          actions={
            tipo === 'recogida' ? (
              <Button
                size="sm"
                variant="outline-primary"
                onClick={() =>
                  setFilas((fs) =>
                    fs.map((f) => ({
                      ...f,
                      correcto: String(f.enObra ?? 0),
                      danado: '',
                      falta: '',
                    })),
                  )
                }
              >
                {T.form.devolverTodo}
              </Button>
            ) : undefined
          }
        >
          {tipo === 'entrega' && (
            <Row className="g-2 mb-2 align-items-end">
              <Col md={5}>
                <Form.Control
                  placeholder={T.form.buscarArticulo}
                  aria-label={T.form.buscarArticulo}
                  value={buscarArticulo}
                  onChange={(e) => setBuscarArticulo(e.target.value)}
                />
              </Col>
              <Col md={5}>
                <Form.Select
                  aria-label="Artículo"
                  value={articuloElegido}
                  onChange={(e) => setArticuloElegido(e.target.value)}
                >
                  <option value="">— Elige un artículo —</option>
                  {(articulos.data ?? [])
                    .filter((a) => a.activo && a.clase !== 'concepto')
                    .map((a) => (
                      <option key={a._id} value={a._id}>
                        {`${a.codigo} — ${a.descripcion}`}
                      </option>
                    ))}
                </Form.Select>
              </Col>
              <Col md={2}>
                <Button
                  variant="outline-primary"
                  className="w-100"
                  disabled={!articuloElegido}
                  onClick={() => anadir(articulos.data?.find((a) => a._id === articuloElegido))}
                >
                  Añadir
                </Button>
              </Col>
            </Row>
          )}
          {tipo === 'recogida' && saldo.isPending && alquilerId && (
            <LoadingStatus message="Cargando material en obra…" />
          )}
          {filas.length === 0 ? (
            <p className="mb-0 text-body-secondary">
              {tipo === 'recogida'
                ? 'No hay material en obra para este alquiler.'
                : 'Añade el material que sale a la obra.'}
            </p>
          ) : (
            <div className="table-responsive">
              <Table size="sm" className="logistica-lineas align-middle">
                <thead>
                  <tr>
                    <th scope="col">Código</th>
                    <th scope="col">Descripción</th>
                    {tipo === 'entrega' ? (
                      <>
                        <th scope="col">Disponibles</th>
                        <th scope="col">Cantidad</th>
                        <th scope="col">Horómetro (h)</th>
                        <th scope="col">
                          <span className="visually-hidden">Quitar</span>
                        </th>
                      </>
                    ) : (
                      <>
                        <th scope="col">En obra</th>
                        <th scope="col">Correcto</th>
                        <th scope="col">Dañado</th>
                        <th scope="col">Falta</th>
                        <th scope="col">Observación del daño</th>
                        <th scope="col">Horómetro (h)</th>
                      </>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {filas.map((f, i) => (
                    <tr key={f.articuloId}>
                      <td className="text-nowrap">{f.codigo}</td>
                      <td>
                        {f.descripcion}
                        {tipo === 'recogida' && preview(f) && (
                          <div className="small text-body-secondary">{preview(f)}</div>
                        )}
                      </td>
                      {tipo === 'entrega' ? (
                        <>
                          <td>{f.disponibles ?? '—'}</td>
                          <td>
                            <Form.Control
                              size="sm"
                              inputMode="numeric"
                              aria-label={`Cantidad de ${f.codigo}`}
                              value={f.cantidad}
                              readOnly={f.clase === 'maquina'}
                              onChange={(e) => cambiar(i, 'cantidad', e.target.value)}
                            />
                          </td>
                          <td>
                            {f.clase === 'maquina' && (
                              <Form.Control
                                size="sm"
                                inputMode="decimal"
                                aria-label={`Horómetro de ${f.codigo}`}
                                value={f.horometro}
                                onChange={(e) => cambiar(i, 'horometro', e.target.value)}
                              />
                            )}
                          </td>
                          <td>
                            <Button
                              size="sm"
                              variant="danger"
                              aria-label={`Quitar ${f.codigo}`}
                              onClick={() => {
                                cambios.marcar();
                                setFilas((fs) => fs.filter((_, j) => j !== i));
                              }}
                            >
                              ×
                            </Button>
                          </td>
                        </>
                      ) : (
                        <>
                          <td>{f.enObra}</td>
                          {(['correcto', 'danado', 'falta'] as const).map((campo) => (
                            <td key={campo}>
                              <Form.Control
                                size="sm"
                                inputMode="numeric"
                                aria-label={`${campo === 'correcto' ? 'Correcto' : campo === 'danado' ? 'Dañado' : 'Falta'} de ${f.codigo}`}
                                value={f[campo]}
                                disabled={f.clase === 'maquina' && campo === 'falta'}
                                onChange={(e) => cambiar(i, campo, e.target.value)}
                              />
                            </td>
                          ))}
                          <td>
                            <Form.Control
                              size="sm"
                              aria-label={`Observación del daño de ${f.codigo}`}
                              value={f.observacionDano}
                              onChange={(e) => cambiar(i, 'observacionDano', e.target.value)}
                            />
                          </td>
                          <td>
                            {f.clase === 'maquina' && (
                              <Form.Control
                                size="sm"
                                inputMode="decimal"
                                aria-label={`Horómetro de ${f.codigo}`}
                                value={f.horometro}
                                onChange={(e) => cambiar(i, 'horometro', e.target.value)}
                              />
                            )}
                          </td>
                        </>
                      )}
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
          <p className="mb-0 small">{`Total unidades: ${lineas.filter((l) => l.clase !== 'concepto').reduce((s, l) => s + Number(l.cantidad), 0)}`}</p>
        </SectionCard>
        <ServiciosCard
          servicios={servicios}
          onChange={(s) => {
            cambios.marcar();
            setServicios(s);
          }}
        />
        <SectionCard title="Observaciones">
          <Form.Group controlId="albaran-observaciones">
            <Form.Label visuallyHidden>Observaciones</Form.Label>
            <Form.Control
              {...errores.campoProps('observaciones', 'albaran-observaciones')}
              as="textarea"
              rows={3}
              maxLength={2000}
              value={observaciones}
              onChange={(e) => setObservaciones(e.target.value)}
            />
            {errores.mensaje('observaciones', 'albaran-observaciones')}
          </Form.Group>
        </SectionCard>
        <div className="d-flex flex-wrap gap-2 justify-content-end">
          <Link
            to={albaran ? logisticaHrefs.ver(albaran._id) : logisticaHrefs.lista()}
            className="btn btn-outline-secondary"
          >
            Cancelar
          </Link>
          <Button variant="outline-primary" disabled={ocupado} onClick={() => enviar('guardar')}>
            {estado === 'guardando' ? T.form.guardando : T.form.guardarBorrador}
          </Button>
          <Button type="submit" variant="primary" disabled={ocupado}>
            {estado === 'guardando' ? T.form.guardando : T.form.guardarEmitir}
          </Button>
        </div>
      </Form>
    </ResourcePage>
  );
};

/** /albaranes/crear, /albaranes/nuevo, /albaranes/editar/{id}, /albaranes/{id}/editar. */
export const AlbaranFormPage = ({ mode }: { mode: 'create' | 'edit' }) => {
  const { id } = useParams();
  const valido = mode === 'create' || isRecordId(id);
  const query = useAlbaran(mode === 'edit' && valido ? id : undefined);
  const texto = useMemo(() => T.form, []);
  if (mode === 'create') return <Formulario />;
  const marco = (c: React.ReactNode) => <ResourcePage className="logistica-page">{c}</ResourcePage>;
  if (!valido)
    return marco(
      <PantallaNoDisponible titulo={T.singular} id={id}>
        {texto.invalido}
      </PantallaNoDisponible>,
    );
  if (query.isPending) return marco(<LoadingStatus message={texto.cargando} />);
  if (query.isError || !query.data)
    return marco(
      <PantallaNoDisponible titulo={T.singular} id={id}>
        {texto.noCargado}
      </PantallaNoDisponible>,
    );
  if (query.data.estado !== 'borrador')
    return marco(
      <PantallaNoDisponible titulo={T.singular} id={id} variant="warning">
        {T.form.soloBorrador}
      </PantallaNoDisponible>,
    );
  return <Formulario albaran={query.data} />;
};
