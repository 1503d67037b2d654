import { useState } from 'react';
import { Alert, Button, Card, Form, Modal, Tab, Table, Tabs } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  can,
  FORMAS_PAGO_COMPRA,
  MEDIO_COBRO_LABELS,
  TIPO_FACTURA_LABELS,
  type Compra,
} from '@tvsistema/domain';
import { diaEnMadrid, formatEuros, formatFecha } from '@tvsistema/domain/format';
import { modalFocusTarget } from '../../../components/layout/use-focus-after-modal.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { HistorialTab } from '../../../components/resource/historial-tab.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { TablaPagos } from './tabla-pagos.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { isApiError } from '../../../lib/api-client.js';
import { useFlash } from '../../../lib/flash.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { COMPRAS_API, comprasKeys, fetchCompraArchivo, useCompra } from '../api/compras-api.js';
import { comprasBase, TC, TRATAMIENTO_LABELS } from '../finanzas-texts.js';
import { EstadoCompra } from './estado-compra.js';
import { PagoCampos } from './pago-campos.js';
import { PdfButton } from '../../../components/resource/pdf-button.js';
import '../finanzas.css';
import { HeadingTitle } from '../../../lib/page-title.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// `confirming` is a compras-only medio; the others share the cobros' labels.
const medioLabel = (m: string) =>
  m === 'confirming' ? 'Confirming' : (MEDIO_COBRO_LABELS[m as 'efectivo'] ?? m);

const Resumen = ({ c }: { c: Compra }) => (
  <div className="d-grid gap-3">
    <Card body>
      <dl className="row mb-0">
        <dt className="col-sm-4">Proveedor</dt>
        <dd className="col-sm-8">
          {c.proveedor.nombre}
          {c.proveedor.documento ? ` · ${c.proveedor.documento}` : ''}
        </dd>
        <dt className="col-sm-4">Nº de factura del proveedor</dt>
        <dd className="col-sm-8">{c.numeroFacturaProveedor}</dd>
        <dt className="col-sm-4">Tipo</dt>
        <dd className="col-sm-8">{`${c.tipoFactura} · ${TIPO_FACTURA_LABELS[c.tipoFactura]}`}</dd>
        {c.facturaRectificadaProveedor && (
          <>
            <dt className="col-sm-4">Factura rectificada</dt>
            <dd className="col-sm-8">{c.facturaRectificadaProveedor}</dd>
          </>
        )}
        <dt className="col-sm-4">Fecha de expedición</dt>
        <dd className="col-sm-8">{formatFecha(c.fechaExpedicion)}</dd>
        {c.fechaOperacion && (
          <>
            <dt className="col-sm-4">Fecha de operación</dt>
            <dd className="col-sm-8">{formatFecha(c.fechaOperacion)}</dd>
          </>
        )}
        <dt className="col-sm-4">Fecha de recepción</dt>
        <dd className="col-sm-8">{formatFecha(c.fechaRecepcion)}</dd>
        <dt className="col-sm-4">Vencimiento</dt>
        <dd className="col-sm-8">{formatFecha(c.fechaVencimiento)}</dd>
        <dt className="col-sm-4">Forma de pago</dt>
        <dd className="col-sm-8">{medioLabel(c.formaPago)}</dd>
        {c.motivoAnulacion && (
          <>
            <dt className="col-sm-4">Motivo de anulación</dt>
            <dd className="col-sm-8">{c.motivoAnulacion}</dd>
          </>
        )}
      </dl>
    </Card>
    <div className="table-responsive" role="region" aria-label="Desglose" tabIndex={0}>
      <Table size="sm">
        <thead>
          <tr>
            <th>Descripción</th>
            <th>Cuenta de gasto</th>
            <th className="text-end">Base</th>
            <th>IVA</th>
            <th>Tratamiento</th>
            <th>Bien de inversión</th>
            <th className="text-end">Cuota</th>
            <th className="text-end">Deducible</th>
          </tr>
        </thead>
        <tbody>
          {c.lineas.map((l, i) => (
            <tr key={i}>
              <td>{l.descripcion}</td>
              <td>{l.cuentaGasto ?? '—'}</td>
              <td className="text-end text-nowrap">{formatEuros(l.base)}</td>
              <td>{`${l.tipoIva} %`}</td>
              <td>{TRATAMIENTO_LABELS[l.tratamiento]}</td>
              <td>{l.bienInversion ? 'Sí' : 'No'}</td>
              <td className="text-end text-nowrap">{formatEuros(l.cuota)}</td>
              <td className="text-end text-nowrap">{formatEuros(l.cuotaDeducible)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
    <Card body>
      <dl className="row mb-0">
        <dt className="col-6">Base</dt>
        <dd className="col-6 text-end">{formatEuros(c.baseImponible)}</dd>
        <dt className="col-6">IVA soportado</dt>
        <dd className="col-6 text-end">{formatEuros(c.cuotaIva)}</dd>
        <dt className="col-6">IVA deducible</dt>
        <dd className="col-6 text-end">{formatEuros(c.cuotaDeducible)}</dd>
        <dt className="col-6">Retención</dt>
        <dd className="col-6 text-end">{formatEuros(c.retencion)}</dd>
        <dt className="col-6">Total factura</dt>
        <dd className="col-6 text-end">{formatEuros(c.importeTotal)}</dd>
        <dt className="col-6">Total a pagar</dt>
        <dd className="col-6 text-end">{formatEuros(c.totalAPagar)}</dd>
        <dt className="col-6">Pendiente</dt>
        <dd className="col-6 text-end">{formatEuros(c.pendiente)}</dd>
      </dl>
    </Card>
  </div>
);

/** /compras/{id} and /transporte/compras/{id} (compras.view), finanzas.md §5. */
export const CompraDetailPage = () => {
  // /compras/:id (paths.compras.detail) and /transporte/compras/:compraId.
  const params = useParams();
  const compraId = params.compraId ?? params.id;
  const valido = Boolean(compraId && UUID.test(compraId));
  const query = useCompra(valido ? compraId : undefined);
  const { roles } = useAuthContext();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [accion, setAccion] = useState<'pago' | 'anular' | 'eliminarPago' | null>(null);
  const [pagoElegido, setPagoElegido] = useState<Compra['pagos'][number] | null>(null);
  const [mensaje, setMensaje] = useState<string | null>(null);
  // The form that saved this record says so here too (its banner was shown for 900 ms).
  const [flash, dismissFlash] = useFlash();
  const [error, setError] = useState<string | null>(null);
  const [motivo, setMotivo] = useState('');
  const [pago, setPago] = useState({
    fecha: diaEnMadrid(),
    importe: '',
    medio: 'transferencia',
    referencia: '',
  });
  const [ocupado, setOcupado] = useState(false);

  const estado = (contenido: React.ReactNode) => <ResourcePage>{contenido}</ResourcePage>;
  if (!valido)
    return estado(
      <PantallaNoDisponible titulo={TC.singular} id={compraId}>
        {TC.detalle.invalido}
      </PantallaNoDisponible>,
    );
  if (query.isLoading) return estado(<LoadingStatus message={TC.detalle.cargando} />);
  if (query.isError || !query.data)
    return estado(
      <PantallaNoDisponible titulo={TC.singular} id={compraId}>
        {isApiError(query.error) && query.error.status === 404
          ? TC.detalle.noEncontrada
          : serverMessageOr(query.error, 'No se pudo cargar la compra')}
        <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()}>
          Reintentar
        </Button>
      </PantallaNoDisponible>,
    );
  const c = query.data;
  const base = comprasBase(c.empresa);
  const puedeEditar = can(roles, 'compras.edit') && c.estado !== 'anulada';
  const cerrar = () => {
    setAccion(null);
    setError(null);
  };
  const ejecutar = async () => {
    setOcupado(true);
    setError(null);
    try {
      if (accion === 'pago')
        await api.post(`${COMPRAS_API}/${c._id}/pagos`, {
          ...pago,
          referencia: pago.referencia || null,
          version: c.version,
        });
      else if (accion === 'eliminarPago' && pagoElegido)
        await api.delete(`${COMPRAS_API}/${c._id}/pagos/${pagoElegido._id}`);
      else await api.post(`${COMPRAS_API}/${c._id}/anular`, { motivo, version: c.version });
      setMensaje(
        accion === 'pago'
          ? TC.detalle.pagoRegistrado
          : accion === 'eliminarPago'
            ? TC.detalle.pagoEliminado
            : TC.detalle.anulada,
      );
      setAccion(null);
      void queryClient.invalidateQueries({ queryKey: comprasKeys.compras });
    } catch (e) {
      const errores = isApiError(e) ? (e.errors ?? []) : [];
      setError([serverMessageOr(e, 'No se pudo completar la acción'), ...errores].join(' '));
    } finally {
      setOcupado(false);
    }
  };
  return (
    <ResourcePage className="finanzas-page">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <HeadingTitle text={TC.detalle.titulo(c.numeroRegistro)} />
        <h1 className="h3 mb-0 me-auto">{TC.detalle.titulo(c.numeroRegistro)}</h1>
        <EstadoCompra compra={c} />
      </div>
      <div className="d-flex flex-wrap gap-2 mb-3">
        {puedeEditar && (
          // A paid compra is still edited (its total not below what is paid, §6).
          <Link className="btn btn-outline-primary" to={`${base}/${c._id}/editar`}>
            {TC.detalle.editar}
          </Link>
        )}
        {puedeEditar && c.estado === 'pendiente' && (
          <>
            <Button
              variant="outline-primary"
              onClick={() => {
                setPago((p) => ({ ...p, importe: c.pendiente }));
                setAccion('pago');
              }}
            >
              {TC.detalle.pago}
            </Button>
            {c.pagos.length === 0 && (
              <Button variant="danger" onClick={() => setAccion('anular')}>
                {TC.detalle.anular}
              </Button>
            )}
          </>
        )}
        {c.archivo && (
          <PdfButton fetchFile={fetchCompraArchivo(c._id, c.archivo.nombre)}>
            {TC.detalle.pdf}
          </PdfButton>
        )}
      </div>
      {(mensaje ?? flash) && (
        // The result of an action whose button it removed (Anular): focus comes here.
        <Alert
          variant="success"
          {...modalFocusTarget}
          dismissible
          closeLabel="Cerrar"
          onClose={() => {
            setMensaje(null);
            dismissFlash();
          }}
        >
          {mensaje ?? flash}
        </Alert>
      )}
      <Tabs defaultActiveKey="resumen" className="mb-3">
        <Tab eventKey="resumen" title="Resumen">
          <Resumen c={c} />
        </Tab>
        <Tab eventKey="pagos" title="Pagos">
          {c.pagos.length === 0 ? (
            <p>{TC.detalle.sinPagos}</p>
          ) : (
            <TablaPagos
              label="Pagos"
              filas={c.pagos}
              medio={(p) => medioLabel(p.medio)}
              accion={
                puedeEditar
                  ? (p) => (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        aria-label={TC.detalle.eliminarPagoDe(
                          formatEuros(p.importe),
                          formatFecha(p.fecha),
                        )}
                        onClick={() => {
                          setPagoElegido(p);
                          setAccion('eliminarPago');
                        }}
                      >
                        {TC.detalle.eliminarPago}
                      </Button>
                    )
                  : undefined
              }
            />
          )}
        </Tab>
        <Tab eventKey="historial" title="Historial">
          <HistorialTab
            url={`${COMPRAS_API}/${c._id}/historial`}
            labels={{ estado: 'Estado', pendiente: 'Pendiente', pagado: 'Pagado' }}
          />
        </Tab>
      </Tabs>

      <Modal show={accion !== null} onHide={cerrar} aria-labelledby="compra-accion-titulo">
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id="compra-accion-titulo">
            {accion === 'pago'
              ? TC.detalle.pago
              : accion === 'eliminarPago'
                ? TC.detalle.eliminarPago
                : TC.detalle.anularTitulo}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && <Alert variant="danger">{error}</Alert>}
          {accion === 'eliminarPago' && pagoElegido && (
            <p>
              {TC.detalle.confirmarEliminarPago(
                formatEuros(pagoElegido.importe),
                formatFecha(pagoElegido.fecha),
              )}
            </p>
          )}
          {accion === 'anular' && (
            <>
              <p>{TC.detalle.anularTexto}</p>
              <Form.Group controlId="compra-anular-motivo">
                <Form.Label>Motivo</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={2}
                  value={motivo}
                  onChange={(e) => setMotivo(e.target.value)}
                />
              </Form.Group>
            </>
          )}
          {accion === 'pago' && (
            <PagoCampos
              id="pago"
              value={pago}
              onChange={setPago}
              medios={FORMAS_PAGO_COMPRA.map((m) => ({ value: m, label: medioLabel(m) }))}
            />
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={cerrar}>
            Cancelar
          </Button>
          <Button
            variant={accion === 'pago' ? 'primary' : 'danger'}
            disabled={ocupado}
            onClick={() => void ejecutar()}
          >
            {accion === 'pago'
              ? TC.detalle.pago
              : accion === 'eliminarPago'
                ? TC.detalle.eliminarPago
                : TC.detalle.anularTitulo}
          </Button>
        </Modal.Footer>
      </Modal>
    </ResourcePage>
  );
};
