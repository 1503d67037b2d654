import { useState, type ReactNode } from 'react';
import { Alert, Button, Col, ProgressBar, Row, Tab, Tabs } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import {
  FaArrowLeft,
  FaClipboardCheck,
  FaEdit,
  FaExchangeAlt,
  FaTools,
  FaUndo,
} from 'react-icons/fa';
import { can, formatNumero } from '@tvsistema/domain';
import {
  CATEGORIA_COMPONENTE_LABELS,
  INVENTARIO_MESSAGES as M,
  type Componente,
} from '@tvsistema/domain/inventario';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import { HistorialTab } from '../../../components/resource/historial-tab.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { SectionCard } from '../../../components/resource/section-card.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useFlash } from '../../../lib/flash.js';
import { andamioHistorialUrl, useAndamio } from '../api/andamios-api.js';
import { andamioHrefs, isRecordId } from '../andamio-paths.js';
import { ANDAMIO_TEXTS as T } from '../andamio-texts.js';
import { formatKg, formatPrecio } from '../utils/andamio-format.js';
import { AndamioBadges } from './andamio-badges.js';
import { loadErrorText } from './andamio-form-page.js';
import { DisponibilidadTab, MovimientosTab } from './andamio-tabs.js';
import { MovimientoModal, RecuentoModal, ReparacionModal } from './stock-modals.js';
import '../andamios.css';
import { useRecordTitle } from '../../../lib/page-title.js';

const HISTORIAL_LABELS: Readonly<Record<string, string>> = {
  ...T.fields,
  precios: 'Precios',
  observaciones: 'Observaciones',
  stock: 'Stock',
};

/** The rates of `precios` as one line, each with its unit ("por día 0,05 € · por mes 1,20 €"). */
const PRECIO_LABELS = {
  dia: T.fields.precioDia,
  semana: T.fields.precioSemana,
  mes: T.fields.precioMes,
  reposicion: T.fields.precioReposicion,
  venta: T.fields.precioVenta,
} as const;

/** A history value as the screens write it: labels, not stored codes; Spanish decimals. */
export const historialAndamio = (campo: string, value: unknown): string | undefined => {
  if (value === null || value === undefined) return undefined;
  if (campo === 'categoria' && typeof value === 'string')
    return CATEGORIA_COMPONENTE_LABELS[value as keyof typeof CATEGORIA_COMPONENTE_LABELS];
  if (campo === 'pesoKg' && typeof value === 'string') return `${formatKg(value)} kg`;
  if (campo === 'precios' && typeof value === 'object') {
    const precios = Object.entries(PRECIO_LABELS).flatMap(([key, label]) => {
      const precio = (value as Record<string, unknown>)[key];
      return typeof precio === 'string' ? [`${label} ${formatPrecio(precio)}`] : [];
    });
    return precios.length > 0 ? precios.join(' · ') : undefined;
  }
  if (typeof value === 'number') return formatNumero(value);
  return undefined;
};

const n = (value: number) => formatNumero(value);

/** Disponible / Alquilado / En reparación as one bar, with Baja and Vendido beside it (§5.6). */
const StockBar = ({ record }: { record: Componente }) => {
  const { stock } = record;
  const total = stock.disponible + stock.alquilado + stock.enReparacion;
  const pct = (value: number) => (total > 0 ? (value / total) * 100 : 0);
  const parts = [
    [T.columns.disponible, stock.disponible, 'success'],
    [T.columns.alquilado, stock.alquilado, 'primary'],
    [T.columns.enReparacion, stock.enReparacion, 'warning'],
  ] as const;
  return (
    <section aria-label={T.stockBar} className="mb-3">
      <ProgressBar className="andamio-stock-bar mb-2" aria-hidden="true">
        {parts.map(([label, value, variant]) => (
          <ProgressBar key={label} variant={variant} now={pct(value)} />
        ))}
      </ProgressBar>
      <dl className="d-flex flex-wrap gap-3 mb-0 small">
        {[
          ...parts.map(([label, value]) => [label, value] as const),
          [T.columns.baja, stock.baja] as const,
          [T.vendido, stock.vendido] as const,
        ].map(([label, value]) => (
          <div key={label}>
            <dt className="fw-normal text-body-secondary">{label}</dt>
            <dd className="mb-0 fw-semibold">{n(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
};

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="col-12 col-sm-6 mb-2">
    <dt className="fw-normal text-body-secondary small">{label}</dt>
    <dd className="mb-0 text-break">{children}</dd>
  </div>
);

const Resumen = ({ record }: { record: Componente }) => {
  const precio = (value: string | null) => (value === null ? '—' : formatPrecio(value));
  return (
    <Row className="g-3">
      <Col lg={7}>
        <SectionCard title={T.cards.identificacion}>
          <dl className="row mb-0">
            <Field label={T.fields.codigo}>{record.codigo}</Field>
            <Field label={T.fields.nombre}>{record.nombre}</Field>
            <Field label={T.fields.categoria}>
              {CATEGORIA_COMPONENTE_LABELS[record.categoria]}
            </Field>
            <Field label={T.fields.sistema}>{record.sistema ?? '—'}</Field>
            <Field label={T.fields.fabricante}>{record.fabricante ?? '—'}</Field>
            <Field label={T.fields.referenciaFabricante}>
              {record.referenciaFabricante ?? '—'}
            </Field>
            <Field label={T.fields.norma}>{record.norma ?? '—'}</Field>
            <Field label={T.fields.dimensiones}>{record.dimensiones ?? '—'}</Field>
            <Field label={T.fields.pesoKg}>{`${formatKg(record.pesoKg)} kg`}</Field>
            <Field label="Peso en propiedad">{`${formatKg(record.pesoPropiedadKg)} kg`}</Field>
          </dl>
        </SectionCard>
        {record.observaciones.length > 0 && (
          <div className="mt-3">
            <SectionCard title={T.cards.observaciones}>
              <ul className="mb-0">
                {record.observaciones.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </SectionCard>
          </div>
        )}
      </Col>
      <Col lg={5}>
        <SectionCard title={T.cards.precios}>
          <dl className="row mb-0">
            <Field label={T.fields.precioDia}>{precio(record.precios.dia)}</Field>
            <Field label={T.fields.precioSemana}>{precio(record.precios.semana)}</Field>
            <Field label={T.fields.precioMes}>{precio(record.precios.mes)}</Field>
            <Field label={T.fields.precioReposicion}>{precio(record.precios.reposicion)}</Field>
            <Field label={T.fields.precioVenta}>{precio(record.precios.venta)}</Field>
            <Field label={T.fields.stockMinimo}>{n(record.stockMinimo)}</Field>
          </dl>
        </SectionCard>
      </Col>
    </Row>
  );
};

type Dialog = 'enviar' | 'devolver' | 'movimiento' | 'recuento' | undefined;

const DetailBody = ({ record }: { record: Componente }) => {
  useRecordTitle(`${record.codigo} ${record.nombre}`);
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'andamios.edit');
  const canStock = can(roles, 'andamios.stock');
  const [flash, dismissFlash] = useFlash();
  const [notice, setNotice] = useState<string | undefined>();
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);
  const done = (message: string) => {
    dismissFlash();
    setNotice(message);
    setDialog(undefined);
  };
  const modalProps = { record, onHide: close, onDone: done };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Link to={andamioHrefs.list()} className="btn btn-outline-secondary">
          <FaArrowLeft aria-hidden="true" className="me-1" />
          Volver
        </Link>
        <div className="me-auto">
          <h1 className="h3 mb-0">{record.codigo}</h1>
          <div className="text-body-secondary text-break">{record.nombre}</div>
        </div>
        <AndamioBadges record={record} />
      </div>
      {record.sobrerreserva && (
        <Alert variant="danger">
          {M.sobrerreserva(record.sobrerreserva.faltan, record.sobrerreserva.fecha)}
        </Alert>
      )}
      <StockBar record={record} />
      <div className="d-flex flex-wrap gap-2 mb-3">
        {canEdit && (
          <Link to={andamioHrefs.edit(record._id)} className="btn btn-primary">
            <FaEdit aria-hidden="true" className="me-1" />
            {T.edit}
          </Link>
        )}
        {canStock && (
          <>
            <Button variant="outline-secondary" onClick={() => setDialog('enviar')}>
              <FaTools aria-hidden="true" className="me-1" />
              {T.enviarReparacion}
            </Button>
            <Button variant="outline-secondary" onClick={() => setDialog('devolver')}>
              <FaUndo aria-hidden="true" className="me-1" />
              {T.vueltaReparacion}
            </Button>
          </>
        )}
        {canEdit && (
          <>
            <Button variant="outline-secondary" onClick={() => setDialog('movimiento')}>
              <FaExchangeAlt aria-hidden="true" className="me-1" />
              {T.registrarMovimiento}
            </Button>
            <Button variant="outline-secondary" onClick={() => setDialog('recuento')}>
              <FaClipboardCheck aria-hidden="true" className="me-1" />
              {T.recuento}
            </Button>
          </>
        )}
      </div>

      <DismissibleAlert
        variant="success"
        message={flash ?? notice}
        onClose={() => {
          dismissFlash();
          setNotice(undefined);
        }}
      />

      <Tabs defaultActiveKey="resumen" id={`andamio-${record._id}`} className="mb-3" mountOnEnter>
        <Tab eventKey="resumen" title={T.tabs.resumen}>
          <Resumen record={record} />
        </Tab>
        <Tab eventKey="disponibilidad" title={T.tabs.disponibilidad}>
          <DisponibilidadTab record={record} />
        </Tab>
        <Tab eventKey="movimientos" title={T.tabs.movimientos}>
          <MovimientosTab record={record} />
        </Tab>
        <Tab eventKey="historial" title={T.tabs.historial}>
          <HistorialTab
            url={andamioHistorialUrl(record._id)}
            labels={HISTORIAL_LABELS}
            formatValue={historialAndamio}
          />
        </Tab>
      </Tabs>

      {canStock && (
        <>
          <ReparacionModal tipo="enviar" show={dialog === 'enviar'} {...modalProps} />
          <ReparacionModal tipo="devolver" show={dialog === 'devolver'} {...modalProps} />
        </>
      )}
      {canEdit && (
        <>
          <MovimientoModal show={dialog === 'movimiento'} {...modalProps} />
          <RecuentoModal show={dialog === 'recuento'} {...modalProps} />
        </>
      )}
    </>
  );
};

/** /andamios/:andamioId (andamios.view): a component, its stock and its ledger (§5.6). */
export const AndamioDetailPage = () => {
  const { andamioId } = useParams();
  const id = andamioId?.trim();
  const validId = isRecordId(id);
  const query = useAndamio(validId ? id : undefined);
  const body = (() => {
    if (!validId)
      return (
        <PantallaNoDisponible titulo={T.singular} id={andamioId}>
          {T.invalidId}
        </PantallaNoDisponible>
      );
    if (query.isPending) return <LoadingStatus message={T.loading} />;
    if (query.isError)
      return (
        <PantallaNoDisponible titulo={T.singular} id={andamioId}>
          {loadErrorText(query.error)}
        </PantallaNoDisponible>
      );
    return <DetailBody record={query.data} />;
  })();
  return <ResourcePage className="andamios-page">{body}</ResourcePage>;
};
