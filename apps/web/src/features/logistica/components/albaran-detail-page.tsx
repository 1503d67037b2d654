import { useState } from 'react';
import { Alert, Button, Col, Form, Modal, Row, Tab, Tabs } from 'react-bootstrap';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { can, type Albaran } from '@tvsistema/domain';
import { formatEuros, formatFecha, formatFechaHora, formatNumero } from '@tvsistema/domain/format';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import { HistorialTab } from '../../../components/resource/historial-tab.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { TablaDesplazable } from '../../../components/resource/tabla-desplazable.js';
import { ServerErrorAlert } from '../../../components/resource/server-error-alert.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useFlash } from '../../../lib/flash.js';
import {
  ALBARANES_API,
  logisticaKeys,
  post,
  useAlbaran,
  useLogisticaMutation,
} from '../api/logistica-api.js';
import { isRecordId, logisticaHrefs } from '../logistica-paths.js';
import { T } from '../logistica-texts.js';
import { EstadoAlbaranBadge } from './badges.js';
import { FirmaModal, type FirmaDatos } from './firma-modal.js';
import { PdfMenu } from './pdf-menu.js';
import { FacturarAlquiler } from './facturar-alquiler.js';
import '../logistica.css';
import { HeadingTitle } from '../../../lib/page-title.js';

/** §5 Detail "Obra": as the PDF prints it (calle and número, código postal, municipio, provincia). */
const direccion = ({ direccionObra: d }: Albaran) =>
  d
    ? [
        d.calle && `${d.calle}${d.altura ? ` ${d.altura}` : ''}`,
        d.codigoPostal,
        d.municipio,
        d.provincia,
      ]
        .filter(Boolean)
        .join(', ')
    : '—';

/** §5 "Devoluciones" of an entrega: per article, delivered, returned, on site and by which recogidas. */
const DevolucionesTab = ({ a }: { a: Albaran }) =>
  a.devoluciones.length === 0 ? (
    <p className="mb-0 text-body-secondary">{T.detalle.sinDevoluciones}</p>
  ) : (
    <TablaDesplazable label="Devoluciones">
      <thead>
        <tr>
          <th scope="col">Artículo</th>
          <th scope="col" className="text-end">
            Entregadas
          </th>
          <th scope="col" className="text-end">
            Devueltas
          </th>
          <th scope="col" className="text-end">
            En obra
          </th>
          <th scope="col">Recogidas</th>
        </tr>
      </thead>
      <tbody>
        {a.devoluciones.map((d) => (
          <tr key={d.articuloId}>
            <td>
              <span className="text-nowrap">{d.codigo}</span>
              <div className="small text-body-secondary">{d.descripcion}</div>
            </td>
            <td className="text-end">{d.entregadas}</td>
            <td className="text-end">{d.devueltas}</td>
            <td className="text-end">{d.enObra}</td>
            <td>
              {d.recogidas.length === 0
                ? '—'
                : d.recogidas.map((r, i) => (
                    <span key={r._id} className="text-nowrap">
                      {i > 0 && ', '}
                      <Link to={logisticaHrefs.ver(r._id)}>{r.numero}</Link>
                    </span>
                  ))}
            </td>
          </tr>
        ))}
      </tbody>
    </TablaDesplazable>
  );

const Dato = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Col xs={12} md={6} className="mb-2">
    <div className="small text-body-secondary">{label}</div>
    <div>{children || '—'}</div>
  </Col>
);

const FirmaTab = ({ a }: { a: Albaran }) => {
  const api = useApiClient();
  const [verificar, setVerificar] = useState(0);
  const { getAccessToken } = useAuthContext();
  // An <img> cannot send the bearer token: the bytes come through fetch (as obras' photos).
  const imagen = useQuery({
    queryKey: [...logisticaKeys.detail('alquiler', a._id), 'firma.png'],
    queryFn: async () => {
      const token = await getAccessToken().catch(() => undefined);
      const r = await fetch(`${ALBARANES_API}/${a._id}/firma.png`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      return r.ok ? URL.createObjectURL(await r.blob()) : null;
    },
    enabled: a.firma !== null,
  });
  const v = useQuery({
    queryKey: [...logisticaKeys.detail('alquiler', a._id), 'verificacion', verificar],
    queryFn: async () =>
      (await api.get<{ data: { integro: boolean } }>(`${ALBARANES_API}/${a._id}/verificacion`))
        .data,
    enabled: verificar > 0,
    staleTime: 0,
  });
  if (!a.firma) return <p className="mb-0">{T.detalle.pendienteFirma}</p>;
  return (
    <>
      {imagen.data && (
        <img
          src={imagen.data}
          alt={`Firma de ${a.firma.nombre}`}
          className="firma-canvas mb-2"
          style={{ maxWidth: 400 }}
        />
      )}
      <Row>
        <Dato label="Nombre">{a.firma.nombre}</Dato>
        <Dato label="DNI/NIE">{a.firma.dni}</Dato>
        <Dato label="Fecha y hora">{formatFechaHora(a.firma.firmadoAt)}</Dato>
        <Dato label="Huella">
          <span className="font-monospace text-break">{a.firma.huella}</span>
        </Dato>
      </Row>
      <Button
        variant="outline-primary"
        onClick={() => setVerificar((n) => n + 1)}
        disabled={v.isFetching}
      >
        {T.detalle.verificar}
      </Button>
      {v.data && (
        <Alert variant={v.data.integro ? 'success' : 'danger'} className="mt-2 mb-0" role="status">
          {v.data.integro ? T.detalle.integro : T.detalle.noIntegro}
        </Alert>
      )}
    </>
  );
};

/** /albaranes/ver/{id} and /albaranes/{id} (logistica.md §5 "Detail"). */
export const AlbaranDetailPage = () => {
  const { albaranId } = useParams();
  const valido = isRecordId(albaranId);
  const query = useAlbaran(valido ? albaranId : undefined);
  const { roles } = useAuthContext();
  const navigate = useNavigate();
  const [flash, dismissFlash] = useFlash();
  const [aviso, setAviso] = useState<string>();
  const [modal, setModal] = useState<'firma' | 'anular' | 'eliminar'>();
  const [motivo, setMotivo] = useState('');
  const api = useApiClient();
  const accion = useLogisticaMutation(async (a, { ruta, body }: { ruta: string; body: unknown }) =>
    post<Albaran>(a, `${ALBARANES_API}/${albaranId ?? ''}/${ruta}`, body),
  );
  const eliminar = useLogisticaMutation(async (a, version: number) =>
    a.delete(`${ALBARANES_API}/${albaranId ?? ''}?version=${version}`),
  );
  void api;
  const marco = (c: React.ReactNode) => <ResourcePage className="logistica-page">{c}</ResourcePage>;
  if (!valido)
    return marco(
      <PantallaNoDisponible titulo={T.singular} id={albaranId}>
        {T.form.invalido}
      </PantallaNoDisponible>,
    );
  if (query.isPending) return marco(<LoadingStatus message={T.form.cargando} />);
  if (query.isError || !query.data)
    return marco(
      <PantallaNoDisponible titulo={T.singular} id={albaranId}>
        {T.form.noCargado}
      </PantallaNoDisponible>,
    );
  const a = query.data;
  const canEdit = can(roles, 'albaranes.edit');
  const canAnular =
    a.estado === 'emitido' || (a.estado === 'firmado' && can(roles, 'albaranes.anular'));
  // §11.5: an emitted entrega's transport, asked of Mallorca Transporta once.
  const canSolicitar =
    canEdit &&
    can(roles, 'albaranes.transporte.edit') &&
    a.tipo === 'entrega' &&
    (a.estado === 'emitido' || a.estado === 'firmado') &&
    !a.transporte;
  const hacer = (ruta: string, body: unknown, ok: string, despues?: () => void) =>
    accion.mutate(
      { ruta, body },
      {
        onSuccess: () => {
          setAviso(ok);
          setModal(undefined);
          despues?.();
        },
      },
    );
  const titulo = T.detalle.titulo(a.tipo, a.numero);
  const unidades = a.lineas.filter((l) => l.clase !== 'concepto');
  return marco(
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <HeadingTitle text={titulo} />
          <h1 className="h3 mb-0">{titulo}</h1>
          <EstadoAlbaranBadge estado={a.estado} />
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Link to={logisticaHrefs.lista()} className="btn btn-outline-secondary">
            Volver
          </Link>
          <PdfMenu
            id="albaran-pdf"
            url={`${ALBARANES_API}/${a._id}/pdf`}
            fileName={`albaran-${a.numero ?? 'borrador'}.pdf`}
          />
          {canEdit && a.estado === 'borrador' && (
            <>
              <Link to={logisticaHrefs.editar(a._id)} className="btn btn-outline-primary">
                Editar
              </Link>
              <Button
                variant="primary"
                disabled={accion.isPending}
                onClick={() => hacer('emitir', { version: a.version }, 'Albarán emitido')}
              >
                Emitir
              </Button>
              <Button variant="danger" onClick={() => setModal('eliminar')}>
                Eliminar
              </Button>
            </>
          )}
          {canEdit && a.estado === 'emitido' && (
            <Button variant="success" onClick={() => setModal('firma')}>
              Firmar
            </Button>
          )}
          {canSolicitar && (
            <Button
              variant="outline-primary"
              disabled={accion.isPending}
              onClick={() =>
                accion.mutate(
                  { ruta: 'solicitar-transporte', body: { version: a.version } },
                  { onSuccess: (r) => setAviso(T.detalle.transporteSolicitado(r.numero ?? '')) },
                )
              }
            >
              Solicitar transporte
            </Button>
          )}
          <FacturarAlquiler albaran={a} />
          {canEdit && canAnular && (
            <Button variant="danger" onClick={() => setModal('anular')}>
              Anular
            </Button>
          )}
        </div>
      </div>
      <DismissibleAlert
        variant="success"
        message={aviso ?? flash}
        onClose={() => {
          dismissFlash();
          setAviso(undefined);
        }}
      />
      {accion.isError && modal === undefined && (
        <ServerErrorAlert error={accion.error} fallback="No se pudo completar la acción." />
      )}
      {a.avisos.length > 0 && (
        <Alert variant="warning" role="note">
          {a.avisos.map((x) => (
            <div key={x}>{x}</div>
          ))}
        </Alert>
      )}
      <Tabs defaultActiveKey="datos" className="mb-3" mountOnEnter>
        <Tab eventKey="datos" title="Datos">
          <Row>
            <Dato label="Alquiler">
              <Link to={logisticaHrefs.alquiler(a.alquiler._id)} className="enlace-suelto">
                {a.alquiler.numero}
              </Link>
            </Dato>
            <Dato label="Cliente">{`${a.cliente.nombre}${a.cliente.documento ? ` (${a.cliente.documento})` : ''}`}</Dato>
            <Dato label="Fecha y hora">{formatFechaHora(a.fechaHora)}</Dato>
            {a.tipo === 'recogida' && (
              <Dato label="Fin de cobro">
                {a.fechaFinCobro ? formatFecha(a.fechaFinCobro) : '—'}
              </Dato>
            )}
            <Dato label="Obra">{direccion(a)}</Dato>
            <Dato label="Matrícula">{a.matriculaTexto}</Dato>
            <Dato label="Conductor">{a.conductor}</Dato>
            <Dato label="Referencia externa">{a.referenciaExterna}</Dato>
            {a.transporte && <Dato label="Transporte">{a.transporte.numero}</Dato>}
            <Dato label="Observaciones">{a.observaciones}</Dato>
            {a.anulacion && <Dato label="Motivo de anulación">{a.anulacion.motivo}</Dato>}
          </Row>
        </Tab>
        <Tab eventKey="lineas" title="Líneas">
          <TablaDesplazable label="Líneas">
            <thead>
              <tr>
                <th scope="col">Código</th>
                <th scope="col">Descripción</th>
                <th scope="col" className="text-end">
                  Cantidad
                </th>
                {a.tipo === 'recogida' && (
                  <>
                    <th scope="col" className="text-end">
                      Correcto
                    </th>
                    <th scope="col" className="text-end">
                      Dañado
                    </th>
                    <th scope="col" className="text-end">
                      Falta
                    </th>
                  </>
                )}
                <th scope="col">Horómetro</th>
                <th scope="col" className="text-end">
                  Importe
                </th>
              </tr>
            </thead>
            <tbody>
              {a.lineas.map((l) => (
                <tr key={l._id}>
                  <td>{l.codigo}</td>
                  <td>
                    {l.descripcion}
                    {l.observacionDano && (
                      <div className="small text-body-secondary">{l.observacionDano}</div>
                    )}
                  </td>
                  <td className="text-end">{formatNumero(l.cantidad)}</td>
                  {a.tipo === 'recogida' && (
                    <>
                      <td className="text-end">{l.correcto ?? '—'}</td>
                      <td className="text-end">{l.danado ?? '—'}</td>
                      <td className="text-end">{l.falta ?? '—'}</td>
                    </>
                  )}
                  <td>{l.horometro ? `${formatNumero(l.horometro)} h` : '—'}</td>
                  <td className="text-end">
                    {Number(l.importe) > 0 ? formatEuros(l.importe) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </TablaDesplazable>
          <p className="mb-0">{`Total unidades: ${unidades.reduce((s, l) => s + Number(l.cantidad), 0)}`}</p>
        </Tab>
        {a.tipo === 'recogida' && (
          <Tab eventKey="asignacion" title="Asignación">
            <TablaDesplazable label="Asignación">
              <thead>
                <tr>
                  <th scope="col">Artículo</th>
                  <th scope="col">Entrega</th>
                  <th scope="col">Fecha de entrega</th>
                  <th scope="col" className="text-end">
                    Unidades
                  </th>
                  <th scope="col" className="text-end">
                    Pendiente tras la recogida
                  </th>
                </tr>
              </thead>
              <tbody>
                {a.lineas.flatMap((l) =>
                  l.asignaciones.map((x) => (
                    <tr key={`${l._id}-${x.loteId}`}>
                      <td>{l.codigo}</td>
                      <td>
                        <Link to={logisticaHrefs.ver(x.entregaId)}>{x.numero}</Link>
                      </td>
                      <td>{formatFecha(x.fecha)}</td>
                      <td className="text-end">{x.cantidad}</td>
                      <td className="text-end">{x.pendienteTras}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </TablaDesplazable>
          </Tab>
        )}
        {a.tipo === 'entrega' && (
          <Tab eventKey="devoluciones" title="Devoluciones">
            <DevolucionesTab a={a} />
          </Tab>
        )}
        <Tab eventKey="firma" title="Firma">
          <FirmaTab a={a} />
        </Tab>
        <Tab eventKey="historial" title="Historial">
          <HistorialTab
            url={`${ALBARANES_API}/${a._id}/historial`}
            labels={{
              numero: 'Número',
              estado: 'Estado',
              fechaHora: 'Fecha y hora',
              fechaFinCobro: 'Fin de cobro',
              matricula: 'Matrícula',
              conductor: 'Conductor',
              referenciaExterna: 'Referencia externa',
              observaciones: 'Observaciones',
              unidades: 'Unidades',
              firma: 'Firma',
              anulacion: 'Anulación',
              obra: 'Obra',
            }}
          />
        </Tab>
      </Tabs>
      <FirmaModal
        show={modal === 'firma'}
        titulo={T.firma.titulo(a.numero ?? '')}
        resumen={`${a.cliente.nombre} · ${a.alquiler.numero} · ${formatFechaHora(a.fechaHora)} · Total unidades: ${a.unidades}`}
        declaracion={a.tipo === 'entrega' ? T.firma.entrega : T.firma.recogida}
        responsable="Alquiler de Maquinaria Mallorca, S.L."
        onHide={() => setModal(undefined)}
        guardando={accion.isPending}
        error={
          accion.isError ? (
            <ServerErrorAlert error={accion.error} fallback="No se pudo guardar la firma." />
          ) : undefined
        }
        onGuardar={(f: FirmaDatos) =>
          hacer('firma', { version: a.version, ...f }, T.firma.guardada)
        }
      />
      <Modal
        show={modal === 'anular'}
        onHide={() => setModal(undefined)}
        aria-labelledby="anular-titulo"
      >
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id="anular-titulo" as="h2" className="h5">
            {T.detalle.anularTitulo}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {accion.isError && (
            <ServerErrorAlert error={accion.error} fallback="No se pudo anular." />
          )}
          <Form.Group controlId="anular-motivo">
            <Form.Label>Motivo</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={motivo}
              onChange={(e) => setMotivo(e.target.value)}
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setModal(undefined)}>
            Cancelar
          </Button>
          <Button
            variant="danger"
            disabled={accion.isPending}
            onClick={() => hacer('anular', { version: a.version, motivo }, 'Albarán anulado')}
          >
            Anular albarán
          </Button>
        </Modal.Footer>
      </Modal>
      <Modal
        show={modal === 'eliminar'}
        onHide={() => setModal(undefined)}
        aria-labelledby="eliminar-titulo"
      >
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id="eliminar-titulo" as="h2" className="h5">
            {T.detalle.eliminar}
          </Modal.Title>
        </Modal.Header>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setModal(undefined)}>
            Cancelar
          </Button>
          <Button
            variant="danger"
            onClick={() =>
              eliminar.mutate(a.version, {
                onSuccess: () =>
                  void navigate(logisticaHrefs.lista(), { state: { flash: 'Borrador eliminado' } }),
              })
            }
          >
            Eliminar
          </Button>
        </Modal.Footer>
      </Modal>
    </>,
  );
};
