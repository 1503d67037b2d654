import { useState } from 'react';
import { Alert, Button, Col, Form, Modal, Row, Tab, Table, Tabs } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { can, FALTAN_LABELS, MOTIVO_EXENCION_LABELS, type Transporte } from '@tvsistema/domain';
import {
  diaEnMadrid,
  formatEuros,
  formatFecha,
  formatFechaHora,
  formatNumero,
} from '@tvsistema/domain/format';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import { HistorialTab } from '../../../components/resource/historial-tab.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { ServerErrorAlert } from '../../../components/resource/server-error-alert.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useFlash } from '../../../lib/flash.js';
import {
  logisticaKeys,
  post,
  put,
  TRANSPORTE_API,
  useLogisticaMutation,
  useTransporte,
} from '../api/logistica-api.js';
import { isRecordId, logisticaHrefs, puedeFacturarse } from '../logistica-paths.js';
import { T } from '../logistica-texts.js';
import { EstadoAlbaranBadge } from './badges.js';
import { FirmaModal } from './firma-modal.js';
import { PdfMenu } from './pdf-menu.js';
import '../logistica.css';
import { HeadingTitle } from '../../../lib/page-title.js';

const Dato = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Col xs={12} md={6} className="mb-2">
    <div className="small text-body-secondary">{label}</div>
    <div>{children || '—'}</div>
  </Col>
);
const lugar = (l: Transporte['origen']) =>
  [l.nombre, l.direccion.calle, l.direccion.municipio].filter(Boolean).join(', ');

/** /albaranes/transporte/ver/{id} (logistica.md §5 "Detail"); readable on the driver's phone. */
export const TransporteDetailPage = () => {
  const { albaranId } = useParams();
  const valido = isRecordId(albaranId);
  const query = useTransporte(valido ? albaranId : undefined);
  const { roles, getAccessToken } = useAuthContext();
  const api = useApiClient();
  const [flash, dismissFlash] = useFlash();
  const [aviso, setAviso] = useState<string>();
  const [modal, setModal] = useState<'firma' | 'anular' | 'inspeccion'>();
  const [motivo, setMotivo] = useState('');
  const [inspeccion, setInspeccion] = useState({ codigo: '', fecha: diaEnMadrid(), notas: '' });
  const [verificar, setVerificar] = useState(0);
  const accion = useLogisticaMutation(
    async (
      a,
      { ruta, body, metodo = 'post' }: { ruta: string; body: unknown; metodo?: 'post' | 'put' },
    ) =>
      (metodo === 'put' ? put : post)<Transporte>(
        a,
        `${TRANSPORTE_API}/${albaranId ?? ''}/${ruta}`,
        body,
      ),
  );
  const t = query.data;
  const imagen = useQuery({
    queryKey: [
      ...logisticaKeys.detail('transporte', albaranId ?? ''),
      'firma.png',
      t?.firma?.imagenId,
    ],
    queryFn: async () => {
      const token = await getAccessToken().catch(() => undefined);
      const r = await fetch(`${TRANSPORTE_API}/${albaranId ?? ''}/firma.png`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      return r.ok ? URL.createObjectURL(await r.blob()) : null;
    },
    enabled: Boolean(t?.firma),
  });
  const v = useQuery({
    queryKey: [...logisticaKeys.detail('transporte', albaranId ?? ''), 'verificacion', verificar],
    queryFn: async () =>
      (
        await api.get<{ data: { integro: boolean } }>(
          `${TRANSPORTE_API}/${albaranId ?? ''}/verificacion`,
        )
      ).data,
    enabled: verificar > 0,
    staleTime: 0,
  });
  const marco = (c: React.ReactNode) => <ResourcePage className="logistica-page">{c}</ResourcePage>;
  if (!valido)
    return marco(
      <PantallaNoDisponible titulo={T.singular} id={albaranId}>
        {T.form.invalido}
      </PantallaNoDisponible>,
    );
  if (query.isPending) return marco(<LoadingStatus message={T.form.cargando} />);
  if (query.isError || !t)
    return marco(
      <PantallaNoDisponible titulo={T.singular} id={albaranId}>
        {T.form.noCargado}
      </PantallaNoDisponible>,
    );
  const canEdit = can(roles, 'albaranes.transporte.edit');
  const hacer = (ruta: string, body: unknown, ok: string, metodo: 'post' | 'put' = 'post') =>
    accion.mutate(
      { ruta, body, metodo },
      {
        onSuccess: () => {
          setAviso(ok);
          setModal(undefined);
        },
      },
    );
  const anulable =
    (t.estado === 'pendiente' ||
      t.estado === 'en_ruta' ||
      (t.estado === 'entregado' && can(roles, 'albaranes.anular'))) &&
    !t.factura;
  const version = { version: t.version };
  return marco(
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <HeadingTitle text={`Albarán de transporte ${t.numero}`} />
          <h1 className="h3 mb-0">{`Albarán de transporte ${t.numero}`}</h1>
          <EstadoAlbaranBadge estado={t.factura ? 'facturado' : t.estado} />
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Link to={logisticaHrefs.lista()} className="btn btn-outline-secondary">
            Volver
          </Link>
          <PdfMenu
            id="albaran-transporte-pdf"
            url={`${TRANSPORTE_API}/${t._id}/pdf`}
            fileName={`albaran-${t.numero}.pdf`}
          />
          {canEdit && t.estado !== 'anulado' && !t.factura && (
            <Link to={logisticaHrefs.transporteEditar(t._id)} className="btn btn-outline-primary">
              Editar
            </Link>
          )}
          {puedeFacturarse(t, roles) && (
            <Link to={logisticaHrefs.facturar(t._id)} className="btn btn-outline-primary">
              Facturar
            </Link>
          )}
          {canEdit && t.estado === 'pendiente' && (
            <Button
              onClick={() => hacer('iniciar-ruta', version, 'Ruta iniciada')}
              disabled={accion.isPending}
            >
              Iniciar ruta
            </Button>
          )}
          {canEdit && t.estado === 'en_ruta' && (
            <Button
              variant="outline-secondary"
              onClick={() => hacer('volver-a-pendiente', version, 'Albarán devuelto a pendiente')}
              disabled={accion.isPending}
            >
              Volver a pendiente
            </Button>
          )}
          {canEdit && (t.estado === 'pendiente' || t.estado === 'en_ruta') && (
            <Button variant="success" onClick={() => setModal('firma')}>
              Registrar entrega
            </Button>
          )}
          {canEdit && anulable && (
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
      {t.avisos.length > 0 && (
        <Alert variant="warning" role="note">
          {t.avisos.map((x) => (
            <div key={x}>{x}</div>
          ))}
        </Alert>
      )}
      <Tabs defaultActiveKey="datos" className="mb-3" mountOnEnter>
        <Tab eventKey="datos" title="Datos">
          <Row>
            <Dato label="Cliente (cargador contractual)">{`${t.cliente.nombre}${t.cliente.documento ? ` (${t.cliente.documento})` : ''}`}</Dato>
            <Dato label="Transportista efectivo">{`${t.transportista.nombre}${t.transportista.nif ? ` (${t.transportista.nif})` : ''}`}</Dato>
            <Dato label="Remitente">
              {t.remitente
                ? `${t.remitente.nombre}${t.remitente.documento ? ` (${t.remitente.documento})` : ''}`
                : 'El remitente es el cliente'}
            </Dato>
            <Dato label="Destinatario">
              {[t.destinatario.nombre, t.destinatario.documento, t.destinatario.telefono]
                .filter(Boolean)
                .join(' · ')}
            </Dato>
            <Dato label="Fecha de carga">{`${formatFecha(t.fechaCarga)}${t.horaCarga ? ` ${t.horaCarga}` : ''}`}</Dato>
            <Dato label="Origen">{lugar(t.origen)}</Dato>
            <Dato label="Destino">{lugar(t.destino)}</Dato>
            <Dato label="Matrícula">
              {[t.matriculaTexto, t.matriculaRemolque].filter(Boolean).join(' + ')}
            </Dato>
            <Dato label="Conductor">
              {[t.conductor.nombre, t.conductor.dni].filter(Boolean).join(' · ')}
            </Dato>
            <Dato label="Mercancía">{t.mercancia.descripcion}</Dato>
            <Dato label="Peso (kg)">
              {t.mercancia.pesoKg === null
                ? '—'
                : `${formatNumero(t.mercancia.pesoKg)} kg${t.mercancia.pesoEstimado ? ' (estimado)' : ''}`}
            </Dato>
            <Dato label="Precio">
              {t.precio ? `${formatEuros(t.precio)} + IVA ${t.tipoIva} %` : '—'}
            </Dato>
            <Dato label="Factura">{t.factura?.numero ?? '—'}</Dato>
            <Dato label="Observaciones">{t.observaciones}</Dato>
            {t.salidaAt && <Dato label="Salida">{formatFechaHora(t.salidaAt)}</Dato>}
            {t.entregadoAt && <Dato label="Entregado">{formatFechaHora(t.entregadoAt)}</Dato>}
            {t.anulacion && <Dato label="Motivo de anulación">{t.anulacion.motivo}</Dato>}
          </Row>
        </Tab>
        <Tab eventKey="control" title="Documento de control">
          {t.exentoDocumentoControl && t.motivoExencion ? (
            <p>{`Exento de documento de control: ${MOTIVO_EXENCION_LABELS[t.motivoExencion]} (Orden FOM/2861/2012, art. 2)`}</p>
          ) : (
            <ul className="list-unstyled">
              {FALTAN_LABELS.map((l) => (
                <li key={l}>
                  {t.documentoControl.faltan.includes(l) ? (
                    <span className="text-danger">✗ {l}</span>
                  ) : (
                    <span className="text-success">✓ {l}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
          <h2 className="h6">Inspecciones</h2>
          {t.inspecciones.length > 0 && (
            <Table size="sm">
              <thead>
                <tr>
                  <th scope="col">Código</th>
                  <th scope="col">Fecha</th>
                  <th scope="col">Notas</th>
                  <th scope="col">Enviado</th>
                </tr>
              </thead>
              <tbody>
                {t.inspecciones.map((i) => (
                  <tr key={i._id}>
                    <td>{i.codigo}</td>
                    <td>{formatFecha(i.fecha)}</td>
                    <td>{i.notas ?? '—'}</td>
                    <td>
                      {i.enviadoAt ? (
                        formatFechaHora(i.enviadoAt)
                      ) : canEdit ? (
                        <Button
                          size="sm"
                          variant="outline-primary"
                          onClick={() =>
                            hacer(
                              `inspecciones/${i._id}`,
                              { enviado: true },
                              'Marcado como enviado',
                              'put',
                            )
                          }
                        >
                          Marcar como enviado
                        </Button>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          {canEdit && (
            <Button
              variant="outline-primary"
              onClick={() => {
                // Each requerimiento starts empty: the last one's code is not the next one's.
                setInspeccion({ codigo: '', fecha: diaEnMadrid(), notas: '' });
                setModal('inspeccion');
              }}
            >
              Registrar requerimiento de inspección
            </Button>
          )}
        </Tab>
        <Tab eventKey="firma" title="Firma">
          {t.firma ? (
            <>
              {imagen.data && (
                <img
                  src={imagen.data}
                  alt={`Firma de ${t.firma.nombre}`}
                  className="firma-canvas mb-2"
                  style={{ maxWidth: 400 }}
                />
              )}
              <Row>
                <Dato label="Nombre">{t.firma.nombre}</Dato>
                <Dato label="DNI/NIE">{t.firma.dni}</Dato>
                <Dato label="Fecha y hora">{formatFechaHora(t.firma.firmadoAt)}</Dato>
              </Row>
            </>
          ) : t.sinFirmaMotivo ? (
            <p>{`Entregado sin firma: ${t.sinFirmaMotivo}`}</p>
          ) : (
            <p>{T.detalle.pendienteFirma}</p>
          )}
          {t.huella && (
            <>
              <p className="small">
                Huella: <span className="font-monospace text-break">{t.huella}</span>
              </p>
              <Button variant="outline-primary" onClick={() => setVerificar((n) => n + 1)}>
                {T.detalle.verificar}
              </Button>
              {v.data && (
                <Alert
                  variant={v.data.integro ? 'success' : 'danger'}
                  className="mt-2 mb-0"
                  role="status"
                >
                  {v.data.integro ? T.detalle.integro : T.detalle.noIntegro}
                </Alert>
              )}
            </>
          )}
        </Tab>
        <Tab eventKey="historial" title="Historial">
          <HistorialTab
            url={`${TRANSPORTE_API}/${t._id}/historial`}
            labels={{
              numero: 'Número',
              estado: 'Estado',
              precio: 'Precio',
              tipoIva: 'IVA',
              observaciones: 'Observaciones',
              destinatario: 'Destinatario',
              matricula: 'Matrícula',
              conductor: 'Conductor',
              pesoKg: 'Peso (kg)',
            }}
          />
        </Tab>
      </Tabs>
      <FirmaModal
        show={modal === 'firma'}
        titulo={T.firma.tituloTransporte(t.numero)}
        resumen={`${t.destinatario.nombre} · ${t.mercancia.descripcion} · ${lugar(t.origen)} → ${lugar(t.destino)}`}
        declaracion={T.firma.transporte}
        responsable={t.transportista.nombre}
        onHide={() => setModal(undefined)}
        guardando={accion.isPending}
        error={
          accion.isError ? (
            <ServerErrorAlert error={accion.error} fallback="No se pudo registrar la entrega." />
          ) : undefined
        }
        onGuardar={(firma) => hacer('entregar', { ...version, firma }, 'Entrega registrada')}
        onSinFirma={(m) =>
          hacer('entregar', { ...version, sinFirmaMotivo: m }, 'Entrega registrada')
        }
      />
      <Modal
        show={modal === 'anular'}
        onHide={() => setModal(undefined)}
        aria-labelledby="anular-t-titulo"
      >
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id="anular-t-titulo" as="h2" className="h5">
            {T.detalle.anularTitulo}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {accion.isError && (
            <ServerErrorAlert error={accion.error} fallback="No se pudo anular." />
          )}
          <Form.Group controlId="anular-t-motivo">
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
            onClick={() => hacer('anular', { ...version, motivo }, 'Albarán anulado')}
          >
            Anular albarán
          </Button>
        </Modal.Footer>
      </Modal>
      <Modal
        show={modal === 'inspeccion'}
        onHide={() => setModal(undefined)}
        aria-labelledby="inspeccion-titulo"
      >
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id="inspeccion-titulo" as="h2" className="h5">
            Registrar requerimiento de inspección
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {accion.isError && (
            <ServerErrorAlert error={accion.error} fallback="No se pudo registrar." />
          )}
          <Form.Group controlId="inspeccion-codigo" className="mb-2">
            <Form.Label>Código</Form.Label>
            <Form.Control
              inputMode="numeric"
              value={inspeccion.codigo}
              onChange={(e) => setInspeccion({ ...inspeccion, codigo: e.target.value })}
            />
          </Form.Group>
          <Form.Group controlId="inspeccion-fecha" className="mb-2">
            <Form.Label>Fecha</Form.Label>
            <Form.Control
              type="date"
              value={inspeccion.fecha}
              onChange={(e) => setInspeccion({ ...inspeccion, fecha: e.target.value })}
            />
          </Form.Group>
          <Form.Group controlId="inspeccion-notas">
            <Form.Label>Notas</Form.Label>
            <Form.Control
              value={inspeccion.notas}
              onChange={(e) => setInspeccion({ ...inspeccion, notas: e.target.value })}
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setModal(undefined)}>
            Cancelar
          </Button>
          <Button onClick={() => hacer('inspecciones', inspeccion, 'Requerimiento registrado')}>
            Registrar
          </Button>
        </Modal.Footer>
      </Modal>
    </>,
  );
};
