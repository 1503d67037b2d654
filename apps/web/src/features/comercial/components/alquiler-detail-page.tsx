import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Row, Tab, Table, Tabs } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  can,
  COMERCIAL_MESSAGES as M,
  compareDecimals,
  ESTADO_FIANZA_LABELS,
  FACTURACION_LABELS,
  FORMA_PAGO_LABELS,
  fraseArchivo,
  subtractDecimals,
  sumDecimals,
  type Alquiler,
} from '@tvsistema/domain';
import { diaEnMadrid, formatEuros, formatFecha } from '@tvsistema/domain/format';
import { HistorialTab } from '../../../components/resource/historial-tab.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useFlash } from '../../../lib/flash.js';
import { paths } from '../../../config/paths.js';
import { AlbaranesDeAlquiler } from '../../logistica/index.js';
import {
  ALQUILERES_API,
  fetchPdf,
  post,
  put,
  useAlquiler,
  useComercialMutation,
} from '../api/comercial-api.js';
import { comercialHrefs, isRecordId } from '../comercial-paths.js';
import { T } from '../comercial-texts.js';
import { AccionModal } from './accion-modal.js';
import { FianzaCobroModal, FianzaDetalle, FianzaDevolucionModal } from './fianza-modales.js';
import { BajaLineas, lineasDeBaja, seleccionInicial, type SeleccionBaja } from './baja-lineas.js';
import { AlquilerBadge, fecha, textoContacto } from './badges.js';
import { LineasTabla } from './lineas-tabla.js';
import { PdfButton } from '../../../components/resource/pdf-button.js';
import '../comercial.css';
import { useHeadingTitle } from '../../../lib/page-title.js';

type Modal =
  | 'fin'
  | 'baja'
  | 'finalizar'
  | 'cancelar'
  | 'cobro'
  | 'devolucion'
  | 'precios'
  | undefined;

type PeriodoFacturado = {
  facturaId: string;
  facturaNumero: string | null;
  desde: string | null;
  hasta: string | null;
  base: string;
};

/** The rental's billed periods and the next one (GET …/facturacion, finanzas' invoices). */
const useFacturacionAlquiler = (id: string) => {
  const api = useApiClient();
  return useQuery({
    queryKey: ['alquileres', 'facturacion', id],
    queryFn: async () =>
      (
        await api.get<{
          data: {
            periodos: PeriodoFacturado[];
            proximo: { desde: string; hasta: string; baseEstimada: string } | null;
          };
        }>(`${ALQUILERES_API}/${id}/facturacion`)
      ).data,
  });
};

/**
 * §5 card "Importes" (bases, before IVA): Estimado on the planned dates, Facturado by the issued
 * invoices (a draft is not yet billed), and what is left to bill.
 */
const ImportesCard = ({ id, estimado }: { id: string; estimado: string }) => {
  const q = useFacturacionAlquiler(id);
  const facturado = sumDecimals(
    (q.data?.periodos ?? []).filter((p) => p.facturaNumero !== null).map((p) => p.base),
  );
  const pendiente = subtractDecimals(estimado, facturado);
  const fila = (termino: string, valor: string | undefined) => (
    <div className="d-flex justify-content-between gap-2">
      <dt className="fw-normal">{termino}</dt>
      <dd className="mb-0 text-nowrap">{valor === undefined ? '…' : formatEuros(valor)}</dd>
    </div>
  );
  return (
    <Card className="h-100">
      <Card.Body>
        <h2 className="h6">{T.alquileres.importes}</h2>
        <dl className="mb-0 small">
          {fila(T.alquileres.estimado, estimado)}
          {fila(T.alquileres.facturado, q.data ? facturado : undefined)}
          {fila(
            T.alquileres.pendienteFacturar,
            q.data ? (compareDecimals(pendiente, 0) > 0 ? pendiente : '0') : undefined,
          )}
        </dl>
      </Card.Body>
    </Card>
  );
};

/** comercial.md §5 "Facturación": the billed periods (Periodo, Base, Factura) and the next one. */
const FacturacionTab = ({ id }: { id: string }) => {
  const q = useFacturacionAlquiler(id);
  if (q.isPending) return <LoadingStatus message="Cargando facturación…" />;
  if (q.isError) return <Alert variant="danger">{T.alquileres.noCargado}</Alert>;
  const periodo = (p: PeriodoFacturado) =>
    p.desde && p.hasta ? `${formatFecha(p.desde)}–${formatFecha(p.hasta)}` : '—';
  return (
    <>
      {q.data.periodos.length === 0 ? (
        <p>{T.alquileres.sinPeriodos}</p>
      ) : (
        <div className="table-responsive mb-3">
          <Table size="sm" className="align-middle mb-0">
            <thead>
              <tr>
                <th scope="col">Periodo</th>
                <th scope="col" className="text-end">
                  Base
                </th>
                <th scope="col">Factura</th>
              </tr>
            </thead>
            <tbody>
              {q.data.periodos.map((p) => (
                <tr key={p.facturaId}>
                  <td className="text-nowrap">{periodo(p)}</td>
                  <td className="text-end text-nowrap">{formatEuros(p.base)}</td>
                  <td>
                    <Link to={paths.facturas.detail.getHref({ id: p.facturaId })}>
                      {p.facturaNumero ?? 'Borrador'}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      {q.data.proximo && (
        <p className="mb-0">{`Próximo periodo: ${formatFecha(q.data.proximo.desde).slice(0, 5)}–${formatFecha(q.data.proximo.hasta)} · base estimada ${formatEuros(q.data.proximo.baseEstimada)}`}</p>
      )}
    </>
  );
};

/** /alquileres/{id} (comercial.md §5). */
export const AlquilerDetailPage = () => {
  const { id } = useParams();
  const valido = isRecordId(id);
  const query = useAlquiler(valido ? id : undefined);
  // The document title is the h1, "Alquiler A2026-…" (issue 14).
  useHeadingTitle(query.data ? T.alquileres.detalleTitulo(query.data.numero) : null);
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'alquileres.edit');
  const [flash, dismissFlash] = useFlash();
  const api = useApiClient();
  const [modal, setModal] = useState<Modal>();
  const [fechaFin, setFechaFin] = useState('');
  const [fechaBaja, setFechaBaja] = useState(diaEnMadrid());
  const [seleccionBaja, setSeleccionBaja] = useState<SeleccionBaja>({});
  const [motivo, setMotivo] = useState('');
  const accion = useComercialMutation(
    async (
      _a,
      { ruta, body, metodo = 'post' }: { ruta: string; body: unknown; metodo?: 'post' | 'put' },
    ) => (metodo === 'put' ? put : post)(api, `${ALQUILERES_API}/${id ?? ''}/${ruta}`, body),
  );

  const marco = (contenido: React.ReactNode) => (
    <ResourcePage className="comercial-page">{contenido}</ResourcePage>
  );
  if (!valido)
    return marco(
      <PantallaNoDisponible titulo={T.alquileres.singular} id={id}>
        {T.alquileres.invalido}
      </PantallaNoDisponible>,
    );
  if (query.isPending) return marco(<LoadingStatus message={T.alquileres.cargando} />);
  if (query.isError || !query.data)
    return marco(
      <PantallaNoDisponible titulo={T.alquileres.singular} id={id}>
        {T.alquileres.noCargado}
      </PantallaNoDisponible>,
    );
  const a: Alquiler = query.data;
  const v = { version: a.version };
  const abierto = ['reservado', 'en_curso', 'devuelto_parcial'].includes(a.estado);
  const entregado = a.lineas.some((l) => l.cantidadEntregada > 0);
  const cerrar = () => setModal(undefined);

  return marco(
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h1 className="h3 mb-0">{T.alquileres.detalleTitulo(a.numero)}</h1>
          <AlquilerBadge
            estado={a.estado}
            retraso={a.retraso.dias}
            pendienteRecogida={a.pendienteRecogida}
          />
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Link to={comercialHrefs.alquileres()} className="btn btn-outline-secondary">
            Volver
          </Link>
          <PdfButton fetchFile={fetchPdf(`${ALQUILERES_API}/${a._id}/pdf`, `${a.numero}.pdf`)}>
            {T.alquileres.contrato}
          </PdfButton>
          <Link to={comercialHrefs.archivos(a._id)} className="btn btn-outline-secondary">
            {T.alquileres.archivos}
          </Link>
          {canEdit && abierto && (
            <>
              <Link to={comercialHrefs.editarAlquiler(a._id)} className="btn btn-outline-primary">
                {T.comun.editar}
              </Link>
              <Button variant="outline-primary" onClick={() => setModal('fin')}>
                {T.alquileres.cambiarFin}
              </Button>
            </>
          )}
          {canEdit && (a.estado === 'en_curso' || a.estado === 'devuelto_parcial') && (
            <>
              <Button
                variant="outline-primary"
                onClick={() => {
                  setSeleccionBaja(seleccionInicial(a));
                  setModal('baja');
                }}
              >
                {T.alquileres.comunicarBaja}
              </Button>
              <Button variant="success" onClick={() => setModal('finalizar')}>
                {T.alquileres.finalizar}
              </Button>
            </>
          )}
          {canEdit && a.estado === 'reservado' && (
            <Button variant="outline-secondary" onClick={() => setModal('precios')}>
              {T.comun.actualizarPrecios}
            </Button>
          )}
          {canEdit && a.estado === 'reservado' && !entregado && (
            <Button variant="danger" onClick={() => setModal('cancelar')}>
              {T.alquileres.cancelar}
            </Button>
          )}
          {canEdit && a.fianza.estado === 'pendiente' && (
            <Button variant="outline-secondary" onClick={() => setModal('cobro')}>
              {T.alquileres.cobroFianza}
            </Button>
          )}
          {canEdit && a.fianza.estado === 'cobrada' && !abierto && (
            <Button variant="outline-secondary" onClick={() => setModal('devolucion')}>
              {T.alquileres.devolucionFianza}
            </Button>
          )}
        </div>
      </div>
      <DismissibleAlert variant="success" message={flash} onClose={dismissFlash} />
      {a.conflictos.map((c) => (
        <Alert key={c} variant="danger">
          {c}
        </Alert>
      ))}
      <Row className="g-3 mb-3">
        <Col md={6} lg={4} xl>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h6">Cliente</h2>
              <p className="mb-0">{a.cliente?.nombre ?? '—'}</p>
              {a.referenciaCliente && <p className="small mb-0">{`Ref. ${a.referenciaCliente}`}</p>}
            </Card.Body>
          </Card>
        </Col>
        <Col md={6} lg={4} xl>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h6">Obra</h2>
              <p className="mb-0">{a.obraNombre ?? '—'}</p>
              <p className="small mb-0">{a.direccionObra?.municipio ?? ''}</p>
              {a.contacto && (
                <p className="small mb-0">{`${T.comun.contacto}: ${textoContacto(a.contacto)}`}</p>
              )}
              {a.contactoObra && (
                <p className="small mb-0">
                  {`${T.alquileres.contactoObra}: ${textoContacto(a.contactoObra)}`}
                </p>
              )}
            </Card.Body>
          </Card>
        </Col>
        <Col md={6} lg={4} xl>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h6">Periodo</h2>
              <p className="mb-0">{`${fecha(a.fechaInicio)} – ${fecha(a.fechaFin)}`}</p>
              <p className="small mb-0">{FACTURACION_LABELS[a.facturacion]}</p>
            </Card.Body>
          </Card>
        </Col>
        <Col md={6} lg={4} xl>
          <ImportesCard id={a._id} estimado={a.totales.base} />
        </Col>
        <Col md={6} lg={4} xl>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h6">Fianza</h2>
              <p className="mb-0">{formatEuros(a.fianza.importe)}</p>
              <p className="small mb-0">
                {ESTADO_FIANZA_LABELS[a.fianza.estado]}
                {a.fianza.formaPago ? ` · ${FORMA_PAGO_LABELS[a.fianza.formaPago]}` : ''}
              </p>
              <FianzaDetalle fianza={a.fianza} />
              {!abierto && a.fianza.estado === 'pendiente' && (
                <p className="small text-body-secondary mb-0">{M.fianzaSinCobro}</p>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <Tabs defaultActiveKey="lineas" className="mb-3" mountOnEnter>
        <Tab eventKey="lineas" title={T.comun.lineasTab}>
          <LineasTabla lineas={a.lineas} totales={a.totales} fianza={a.fianza.importe} />
        </Tab>
        {can(roles, 'albaranes.view') && (
          <Tab eventKey="albaranes" title="Albaranes">
            <AlbaranesDeAlquiler
              alquilerId={a._id}
              permiteEntrega={a.permiteEntrega}
              permiteRecogida={a.permiteRecogida}
            />
          </Tab>
        )}
        <Tab eventKey="facturacion" title={T.comun.facturacionTab}>
          <FacturacionTab id={a._id} />
        </Tab>
        <Tab eventKey="historial" title={T.comun.historial}>
          <HistorialTab
            url={`${ALQUILERES_API}/${a._id}/historial`}
            labels={{ estado: 'Estado', fechaFin: 'Fin', archivo: 'Archivo' }}
            frase={(cambio) => (cambio.campo === 'archivo' ? fraseArchivo(cambio) : undefined)}
          />
        </Tab>
      </Tabs>

      <AccionModal
        show={modal === 'fin'}
        titulo={T.alquileres.cambiarFin}
        onHide={cerrar}
        onConfirm={() => accion.mutateAsync({ ruta: 'cambiar-fin', body: { ...v, fechaFin } })}
      >
        <Form.Group controlId="alquiler-fin">
          <Form.Label>Nueva fecha de fin</Form.Label>
          <Form.Control
            type="date"
            value={fechaFin}
            onChange={(e) => setFechaFin(e.target.value)}
          />
        </Form.Group>
      </AccionModal>
      <AccionModal
        show={modal === 'baja'}
        titulo={T.alquileres.comunicarBaja}
        onHide={cerrar}
        onConfirm={() =>
          accion.mutateAsync({
            ruta: 'baja',
            body: { ...v, fecha: fechaBaja, lineas: lineasDeBaja(seleccionBaja) },
          })
        }
      >
        <Form.Group controlId="alquiler-baja">
          <Form.Label>{T.comun.fecha}</Form.Label>
          <Form.Control
            type="date"
            value={fechaBaja}
            onChange={(e) => setFechaBaja(e.target.value)}
          />
        </Form.Group>
        <BajaLineas alquiler={a} seleccion={seleccionBaja} onChange={setSeleccionBaja} />
      </AccionModal>
      <AccionModal
        show={modal === 'precios'}
        titulo={T.comun.actualizarPrecios}
        onHide={cerrar}
        onConfirm={() => accion.mutateAsync({ ruta: 'actualizar-precios', body: v })}
      >
        <p className="mb-0">{T.comun.actualizarPreciosTexto}</p>
      </AccionModal>
      <AccionModal
        show={modal === 'finalizar'}
        titulo={T.alquileres.finalizar}
        variant="success"
        onHide={cerrar}
        onConfirm={() => accion.mutateAsync({ ruta: 'finalizar', body: v })}
      >
        <p className="mb-0">{`¿Finalizar el alquiler ${a.numero}?`}</p>
      </AccionModal>
      <AccionModal
        show={modal === 'cancelar'}
        titulo={T.alquileres.cancelar}
        variant="danger"
        onHide={cerrar}
        onConfirm={() => accion.mutateAsync({ ruta: 'cancelar', body: { ...v, motivo } })}
      >
        <Form.Group controlId="alquiler-motivo">
          <Form.Label>{T.alquileres.motivoCancelacion}</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            value={motivo}
            onChange={(e) => setMotivo(e.target.value)}
          />
        </Form.Group>
      </AccionModal>
      <FianzaCobroModal
        key={`cobro-${a.version}`}
        alquiler={a}
        show={modal === 'cobro'}
        onHide={cerrar}
        onConfirm={(body) => accion.mutateAsync({ ruta: 'fianza', metodo: 'put', body })}
      />
      <FianzaDevolucionModal
        key={`devolucion-${a.version}`}
        alquiler={a}
        show={modal === 'devolucion'}
        onHide={cerrar}
        onConfirm={(body) => accion.mutateAsync({ ruta: 'fianza', metodo: 'put', body })}
      />
    </>,
  );
};
