import { useState } from 'react';
import { Alert, Button, Card, Form, Modal, Tab, Table, Tabs } from 'react-bootstrap';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { can, MEDIO_COBRO_LABELS, mensajesDocumento, type Factura } from '@tvsistema/domain';
import { diaEnMadrid, formatEuros, formatFecha } from '@tvsistema/domain/format';
import { modalFocusTarget } from '../../../components/layout/use-focus-after-modal.js';
import { HistorialTab } from '../../../components/resource/historial-tab.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { TablaPagos } from './tabla-pagos.js';
import { useApiClient } from '../../../lib/api-client-context.js';
import { isApiError } from '../../../lib/api-client.js';
import { useFlash } from '../../../lib/flash.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import {
  fetchFacturaPdf,
  FACTURAS_API,
  finanzasKeys,
  NOTAS_API,
  useFactura,
} from '../api/finanzas-api.js';
import { PagoCampos } from './pago-campos.js';
import { PdfButton } from '../../../components/resource/pdf-button.js';
import '../finanzas.css';
import { notasBase, T, TE, TED, TN } from '../finanzas-texts.js';
import { EstadoFactura } from './estado-factura.js';
import { VerifactuTab } from './verifactu-tab.js';
import { HeadingTitle } from '../../../lib/page-title.js';

// `compensacion` is the system's own medio, never chosen by hand.
const MEDIOS_COBRO_MANUALES = ['transferencia', 'domiciliacion', 'efectivo', 'tarjeta'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const fecha = (f: string | null) => (f ? formatFecha(f) : '—');

type Accion = 'emitir' | 'eliminar' | 'cobro' | 'anular' | 'eliminarCobro' | null;

const Resumen = ({ f }: { f: Factura }) => (
  <div className="d-grid gap-3">
    <Card body>
      <dl className="row mb-0">
        <dt className="col-sm-4">Cliente</dt>
        <dd className="col-sm-8">
          {f.cliente.nombre}
          {f.cliente.documento ? ` · ${f.cliente.documento}` : ''}
        </dd>
        <dt className="col-sm-4">Domicilio</dt>
        <dd className="col-sm-8">{f.cliente.direccion.join(', ') || '—'}</dd>
        <dt className="col-sm-4">Fecha de expedición</dt>
        <dd className="col-sm-8">{fecha(f.fechaExpedicion)}</dd>
        <dt className="col-sm-4">Vencimiento</dt>
        <dd className="col-sm-8">{fecha(f.fechaVencimiento)}</dd>
        <dt className="col-sm-4">Descripción de la operación</dt>
        <dd className="col-sm-8">{f.descripcionOperacion}</dd>
      </dl>
    </Card>
    <div className="table-responsive" role="region" aria-label="Líneas de la factura" tabIndex={0}>
      <Table size="sm" aria-label="Líneas">
        <thead>
          <tr>
            <th>Descripción</th>
            <th className="text-end">Cantidad</th>
            <th className="text-end">Precio</th>
            <th>IVA</th>
            <th className="text-end">Importe</th>
          </tr>
        </thead>
        <tbody>
          {f.lineas.map((l) => (
            <tr key={l.id}>
              <td>{l.descripcion}</td>
              <td className="text-end">{l.cantidad}</td>
              <td className="text-end text-nowrap">{formatEuros(l.precioUnitario)}</td>
              <td>
                {l.tratamiento === 'general'
                  ? `${l.tipoIva} %`
                  : l.tratamiento === 'isp'
                    ? 'ISP'
                    : l.causa}
              </td>
              <td className="text-end text-nowrap">{formatEuros(l.base)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
    <Card body>
      <dl className="row mb-0">
        <dt className="col-6">Base imponible</dt>
        <dd className="col-6 text-end">{formatEuros(f.baseImponible)}</dd>
        <dt className="col-6">IVA</dt>
        <dd className="col-6 text-end">{formatEuros(f.cuotaIva)}</dd>
        <dt className="col-6">Total factura</dt>
        <dd className="col-6 text-end">{formatEuros(f.importeTotal)}</dd>
        <dt className="col-6">Retención</dt>
        <dd className="col-6 text-end">{formatEuros(f.retencion)}</dd>
        <dt className="col-6">Total a pagar</dt>
        <dd className="col-6 text-end">{formatEuros(f.totalAPagar)}</dd>
        <dt className="col-6">Pendiente</dt>
        <dd className="col-6 text-end">{formatEuros(f.pendiente)}</dd>
      </dl>
    </Card>
  </div>
);

/** The texts that differ between an invoice's detail and a nota's (§5: "as the invoice detail"). */
const textos = (nota: boolean) =>
  nota
    ? {
        ...T.detalle,
        ...TN.detalle,
        cobro: TN.detalle.devolucion,
        cobroRegistrado: TN.detalle.devolucionRegistrada,
        sinCobros: TN.detalle.sinDevoluciones,
        emitida: TN.form.emitida,
      }
    : { ...T.detalle, devoluciones: 'Cobros' };

/** /facturas/{id} (facturas.view) and, with `nota`, /notas/{notaId} (notas.view), §5. */
export const FacturaDetailPage = ({ nota = false }: { nota?: boolean }) => {
  const params = useParams();
  const id = nota ? params.notaId : params.id;
  const base = nota ? NOTAS_API : FACTURAS_API;
  const TD = textos(nota);
  const valido = Boolean(id && UUID.test(id));
  const query = useFactura(valido ? id : undefined, base);
  const { roles } = useAuthContext();
  const api = useApiClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [accion, setAccion] = useState<Accion>(null);
  const [mensaje, setMensaje] = useState<string | null>(null);
  // The form that saved this record says so here too (its banner was shown for 900 ms).
  const [flash, dismissFlash] = useFlash();
  // Rule 9's warnings ("Fuera de plazo…") of the last issue: from this page's "Emitir", or brought
  // by the form that issued it.
  const location = useLocation();
  const [avisos, setAvisos] = useState<string[]>(
    () => (location.state as { avisos?: string[] } | null)?.avisos ?? [],
  );
  const [error, setError] = useState<string | null>(null);
  const [motivo, setMotivo] = useState('');
  const [cobro, setCobro] = useState({
    fecha: diaEnMadrid(),
    importe: '',
    medio: 'transferencia',
    referencia: '',
  });
  const [ocupado, setOcupado] = useState(false);
  const [cobroElegido, setCobroElegido] = useState<Factura['cobros'][number] | null>(null);

  if (!valido)
    return (
      <ResourcePage>
        <PantallaNoDisponible titulo={nota ? TN.singular : T.singular} id={id}>
          {TD.invalido}
        </PantallaNoDisponible>
      </ResourcePage>
    );
  if (query.isLoading)
    return (
      <ResourcePage>
        <LoadingStatus message={TD.cargando} />
      </ResourcePage>
    );
  if (query.isError || !query.data)
    return (
      <ResourcePage>
        <PantallaNoDisponible titulo={nota ? TN.singular : T.singular} id={id}>
          {isApiError(query.error) && query.error.status === 404
            ? TD.noEncontrada
            : serverMessageOr(query.error, TD.noEncontrada)}
        </PantallaNoDisponible>
      </ResourcePage>
    );
  const f = query.data;
  // §5: a nota opened as an invoice goes to its own route.
  if (!nota && f.clase === 'rectificativa')
    return <Navigate to={`${notasBase(f.empresa)}/${f._id}`} replace />;
  const puedeEditar = can(
    roles,
    nota ? 'notas.edit' : f.empresa === 'transporte' ? 'facturas.transporte.edit' : 'facturas.edit',
  );
  const editarHref = nota
    ? `${notasBase(f.empresa)}/${f._id}/editar`
    : f.empresa === 'transporte'
      ? `/facturas/transporte/${f._id}/editar`
      : `/facturas/${f._id}/editar`;
  // A nota's cobro is a devolución: its pendiente is negative until paid back.
  const cobrable = f.estado === 'emitida' && (!nota || f.pendiente.startsWith('-'));
  const borrador = f.estado === 'borrador';
  // §3 "Eliminar cobro" (facturas.anular): a cobro recorded by mistake; never a compensación.
  // On a nota the same for a devolución, with the nota's key (the API's DELETE …/cobros/{id}).
  const puedeEliminarCobro = can(roles, nota ? 'notas.edit' : 'facturas.anular');
  const TX = nota ? TED : TE;
  const importeSinSigno = (importe: string) => formatEuros(importe.replace(/^-/, ''));
  const recargar = () => {
    void queryClient.invalidateQueries({ queryKey: finanzasKeys.facturas });
  };
  const ejecutar = async (fn: () => Promise<unknown>, ok: string | null) => {
    setOcupado(true);
    setError(null);
    try {
      await fn();
      setAccion(null);
      if (ok) setMensaje(ok);
      recargar();
    } catch (e) {
      const errores = isApiError(e)
        ? (e.body as { errors?: string[] } | undefined)?.errors
        : undefined;
      setError(
        [serverMessageOr(e, 'No se pudo completar la acción'), ...(errores ?? [])].join(' '),
      );
    } finally {
      setOcupado(false);
    }
  };
  const titulo = f.numero ? TD.titulo(f.numero) : TD.borrador;
  return (
    <ResourcePage className="finanzas-page">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <HeadingTitle text={titulo} />
        <h1 className="h3 mb-0 me-auto">{titulo}</h1>
        <EstadoFactura factura={f} />
      </div>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <PdfButton fetchFile={fetchFacturaPdf(f._id, f.numero, base)}>{TD.pdf}</PdfButton>
        {puedeEditar && borrador && (
          <>
            <Link className="btn btn-outline-primary" to={editarHref}>
              {TD.editar}
            </Link>
            <Button onClick={() => setAccion('emitir')}>{TD.emitir}</Button>
            <Button variant="danger" onClick={() => setAccion('eliminar')}>
              {TD.eliminar}
            </Button>
          </>
        )}
        {puedeEditar && cobrable && (
          <Button
            variant="outline-primary"
            onClick={() => {
              setCobro((c) => ({ ...c, importe: f.pendiente }));
              setAccion('cobro');
            }}
          >
            {TD.cobro}
          </Button>
        )}
        {can(roles, 'notas.edit') &&
          (f.estado === 'emitida' || f.estado === 'cobrada') &&
          f.clase === 'factura' && (
            <Link
              className="btn btn-outline-secondary"
              to={`${f.empresa === 'transporte' ? '/transporte/facturas/notas' : '/notas'}/nueva?facturaId=${f._id}`}
            >
              {T.detalle.nota}
            </Link>
          )}
        {!nota && can(roles, 'facturas.anular') && f.estado === 'emitida' && (
          <Button variant="danger" onClick={() => setAccion('anular')}>
            {T.detalle.anular}
          </Button>
        )}
      </div>
      {nota && f.facturaRectificadaId && (
        <p>
          {TN.form.rectificada}:{' '}
          <Link to={`/facturas/${f.facturaRectificadaId}`}>
            {f.facturaRectificadaNumero ?? '—'}
          </Link>
          {f.motivo ? ` · ${f.motivo}` : ''}
        </p>
      )}
      {(mensaje ?? flash) && (
        // The result of an action whose button it removed (Emitir, Anular): focus comes here.
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
      {avisos.length > 0 && (
        <Alert variant="warning" dismissible closeLabel="Cerrar" onClose={() => setAvisos([])}>
          {avisos.map((aviso) => (
            <p key={aviso} className="mb-0">
              {aviso}
            </p>
          ))}
        </Alert>
      )}
      {error && !accion && (
        <Alert variant="danger" dismissible closeLabel="Cerrar" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Tabs defaultActiveKey="resumen" className="mb-3">
        <Tab eventKey="resumen" title="Resumen">
          <Resumen f={f} />
        </Tab>
        <Tab eventKey="cobros" title={TD.devoluciones}>
          {f.cobros.length === 0 ? (
            <p>{TD.sinCobros}</p>
          ) : (
            <>
              <TablaPagos
                label={TD.devoluciones}
                filas={f.cobros}
                medio={(c) => MEDIO_COBRO_LABELS[c.medio]}
                accion={
                  puedeEliminarCobro
                    ? (c) =>
                        c.medio !== 'compensacion' && (
                          <Button
                            size="sm"
                            variant="outline-danger"
                            aria-label={TX.eliminarDe(
                              importeSinSigno(c.importe),
                              formatFecha(c.fecha),
                            )}
                            onClick={() => {
                              setCobroElegido(c);
                              setAccion('eliminarCobro');
                            }}
                          >
                            {TX.eliminar}
                          </Button>
                        )
                    : undefined
                }
              />
              {/* Why a compensación row has no "Eliminar" (§3): the domain's text, in the
                document's own words (a nota's are devoluciones). */}
              {puedeEliminarCobro && f.cobros.some((c) => c.medio === 'compensacion') && (
                <p className="small text-body-secondary">
                  {mensajesDocumento(f.clase).compensacionNoSeElimina}
                </p>
              )}
            </>
          )}
        </Tab>
        {!nota && (
          <Tab eventKey="notas" title="Notas de abono">
            {f.notas.length === 0 ? (
              <p>Sin notas de abono.</p>
            ) : (
              <ul>
                {f.notas.map((n) => (
                  <li key={n._id}>
                    {can(roles, 'notas.view') ? (
                      <Link to={`${notasBase(f.empresa)}/${n._id}`}>{n.numero ?? 'Borrador'}</Link>
                    ) : (
                      (n.numero ?? 'Borrador')
                    )}{' '}
                    · {fecha(n.fechaExpedicion)} · {n.tipoFactura} · {formatEuros(n.importeTotal)}
                  </li>
                ))}
              </ul>
            )}
          </Tab>
        )}
        <Tab eventKey="verifactu" title="VERI*FACTU" mountOnEnter>
          <VerifactuTab id={f._id} numero={f.numero} base={base} />
        </Tab>
        <Tab eventKey="historial" title="Historial">
          <HistorialTab
            url={`${base}/${f._id}/historial`}
            labels={{
              estado: 'Estado',
              numero: 'Número',
              lineas: 'Líneas',
              importeTotal: 'Total',
              pendiente: 'Pendiente',
              cobrado: 'Cobrado',
            }}
          />
        </Tab>
      </Tabs>

      <Modal
        show={accion !== null}
        onHide={() => {
          setAccion(null);
          setError(null);
        }}
        aria-labelledby="accion-titulo"
      >
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id="accion-titulo">
            {accion === 'emitir'
              ? TD.emitirTitulo
              : accion === 'eliminar'
                ? TD.eliminar
                : accion === 'cobro'
                  ? TD.cobro
                  : accion === 'eliminarCobro'
                    ? TX.eliminar
                    : TD.anularTitulo}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && <Alert variant="danger">{error}</Alert>}
          {accion === 'emitir' && <p>{TD.emitirTexto}</p>}
          {accion === 'eliminar' && <p>{TD.confirmarEliminar}</p>}
          {accion === 'eliminarCobro' && cobroElegido && (
            <p>
              {TX.confirmar(importeSinSigno(cobroElegido.importe), formatFecha(cobroElegido.fecha))}
            </p>
          )}
          {accion === 'anular' && (
            <>
              <p>{T.detalle.anularTexto(f.numero ?? '')}</p>
              <Form.Group controlId="anular-motivo">
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
          {accion === 'cobro' && (
            <PagoCampos
              id="cobro"
              value={cobro}
              onChange={setCobro}
              medios={MEDIOS_COBRO_MANUALES.map((m) => ({
                value: m,
                label: MEDIO_COBRO_LABELS[m],
              }))}
            />
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button
            variant="secondary"
            onClick={() => {
              setAccion(null);
              setError(null);
            }}
          >
            Cancelar
          </Button>
          <Button
            variant={
              accion === 'eliminar' || accion === 'anular' || accion === 'eliminarCobro'
                ? 'danger'
                : 'primary'
            }
            disabled={ocupado}
            onClick={() => {
              if (accion === 'emitir')
                void ejecutar(async () => {
                  const r = await api.post<{ data: Factura; avisos?: string[] }>(
                    `${base}/${f._id}/emitir`,
                    { version: f.version },
                  );
                  setMensaje(TD.emitida(r.data.numero ?? ''));
                  setAvisos(r.avisos ?? []);
                }, null);
              else if (accion === 'eliminar')
                void ejecutar(async () => {
                  await api.delete(`${base}/${f._id}`, { query: { version: f.version } });
                  void navigate(nota ? notasBase(f.empresa) : '/facturas');
                }, null);
              else if (accion === 'anular')
                void ejecutar(
                  () => api.post(`${FACTURAS_API}/${f._id}/anular`, { motivo, version: f.version }),
                  'Factura anulada',
                );
              else if (accion === 'eliminarCobro' && cobroElegido)
                void ejecutar(
                  () => api.delete(`${base}/${f._id}/cobros/${cobroElegido._id}`),
                  TX.eliminado,
                );
              else if (accion === 'cobro')
                void ejecutar(
                  () =>
                    api.post(`${base}/${f._id}/cobros`, {
                      ...cobro,
                      referencia: cobro.referencia || null,
                      version: f.version,
                    }),
                  TD.cobroRegistrado,
                );
            }}
          >
            {accion === 'emitir'
              ? 'Emitir'
              : accion === 'eliminar'
                ? 'Eliminar'
                : accion === 'cobro'
                  ? TD.cobro
                  : accion === 'eliminarCobro'
                    ? TX.eliminar
                    : 'Anular factura'}
          </Button>
        </Modal.Footer>
      </Modal>
    </ResourcePage>
  );
};
