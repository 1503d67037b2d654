import { useState, type ReactNode } from 'react';
import { Alert, Button, Col, Modal, Row, Spinner, Tab, Tabs } from 'react-bootstrap';
import { Link, useNavigate, useParams } from 'react-router';
import { FaArrowLeft, FaCopy, FaEdit, FaToggleOff, FaToggleOn, FaTrash } from 'react-icons/fa';
import { can, VERSION_MESSAGES } from '@tvsistema/domain';
import {
  APLICA_A_LABELS,
  TIPO_CONCEPTO_LABELS,
  UNIDAD_CONCEPTO_LABELS,
  type Concepto,
} from '@tvsistema/domain/inventario';
import { DismissibleAlert } from '../../../components/resource/dismissible-alert.js';
import { HistorialTab } from '../../../components/resource/historial-tab.js';
import { LoadingStatus } from '../../../components/resource/loading-status.js';
import { PantallaNoDisponible } from '../../../components/resource/pantalla-no-disponible.js';
import { ResourcePage } from '../../../components/resource/resource-page.js';
import { SectionCard } from '../../../components/resource/section-card.js';
import { isApiError } from '../../../lib/api-client.js';
import { serverMessageOr } from '../../../lib/api-error-message.js';
import { useAuthContext } from '../../../lib/auth-context.js';
import { useFlash, type FlashState } from '../../../lib/flash.js';
import {
  conceptoHistorialUrl,
  useConcepto,
  useDeleteConcepto,
  useUpdateConcepto,
} from '../api/conceptos-api.js';
import { conceptoHrefs, isRecordId } from '../concepto-paths.js';
import { CONCEPTO_TEXTS as T } from '../concepto-texts.js';
import {
  ejemploPrecio,
  formatPrecio,
  ivaLabel,
  precioConUnidad,
} from '../utils/concepto-format.js';
import { ConceptoEstadoBadge } from './concepto-list-page.js';
import { loadErrorText } from './concepto-form-page.js';
import '../conceptos.css';
import { useRecordTitle } from '../../../lib/page-title.js';

/** The template's fields as the history names them (the form's labels). */
const HISTORIAL_LABELS: Readonly<Record<string, string>> = {
  ...T.fields,
  tipoIva: 'IVA',
};

/** A history value as the screens write it: labels, not stored codes ("85,00 €", "21 %"). */
export const historialConcepto = (campo: string, value: unknown): string | undefined => {
  if (value === null || value === undefined) return undefined;
  switch (campo) {
    case 'tipo':
      return TIPO_CONCEPTO_LABELS[value as keyof typeof TIPO_CONCEPTO_LABELS];
    case 'aplicaA':
      return APLICA_A_LABELS[value as keyof typeof APLICA_A_LABELS];
    case 'unidad':
      return UNIDAD_CONCEPTO_LABELS[value as keyof typeof UNIDAD_CONCEPTO_LABELS];
    case 'precio':
      return typeof value === 'string' ? formatPrecio(value) : undefined;
    case 'tipoIva':
      return typeof value === 'number' ? `${value} %` : undefined;
    case 'motivoIva0':
      return value === 'exenta' ? 'Exenta' : value === 'no_sujeta' ? 'No sujeta' : undefined;
    default:
      return undefined;
  }
};

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="col-12 col-sm-6 mb-2">
    <dt className="fw-normal text-body-secondary small">{label}</dt>
    <dd className="mb-0 text-break">{children}</dd>
  </div>
);

const Resumen = ({ record }: { record: Concepto }) => {
  const ejemplo = ejemploPrecio({
    unidad: record.unidad,
    precio: record.precio,
    tipoIva: record.tipoIva as 21,
    motivoIva0: record.motivoIva0 ?? '',
  });
  return (
    <Row className="g-3">
      <Col lg={7}>
        <SectionCard title={T.conceptoCard}>
          <dl className="row mb-0">
            <Field label={T.fields.codigo}>{record.codigo}</Field>
            <Field label={T.fields.nombre}>{record.nombre}</Field>
            <Field label={T.fields.tipo}>{TIPO_CONCEPTO_LABELS[record.tipo]}</Field>
            <Field label={T.fields.aplicaA}>{APLICA_A_LABELS[record.aplicaA]}</Field>
            <div className="col-12">
              <dt className="fw-normal text-body-secondary small">{T.fields.descripcion}</dt>
              <dd className="mb-0 text-break" style={{ whiteSpace: 'pre-line' }}>
                {record.descripcion ?? <span className="fst-italic">{T.sinDescripcion}</span>}
              </dd>
            </div>
          </dl>
        </SectionCard>
      </Col>
      <Col lg={5}>
        <SectionCard title={T.precioCard}>
          <dl className="row mb-0">
            <Field label={T.fields.unidad}>{UNIDAD_CONCEPTO_LABELS[record.unidad]}</Field>
            <Field label={T.fields.precio}>{precioConUnidad(record.precio, record.unidad)}</Field>
            <Field label={T.fields.tipoIva}>{ivaLabel(record.tipoIva, record.motivoIva0)}</Field>
            <Field label="Estado">
              <ConceptoEstadoBadge activo={record.activo} />
            </Field>
          </dl>
          {ejemplo && <p className="mb-0 mt-2 small concepto-ejemplo">{ejemplo}</p>}
        </SectionCard>
      </Col>
    </Row>
  );
};

/** What a PUT that only flips `activo` sends: the record's editable fields as they are. */
const togglePayload = (record: Concepto) => ({
  codigo: record.codigo,
  nombre: record.nombre,
  ...(record.descripcion ? { descripcion: record.descripcion } : {}),
  tipo: record.tipo,
  aplicaA: record.aplicaA,
  unidad: record.unidad,
  precio: record.precio,
  tipoIva: record.tipoIva as 21,
  ...(record.tipoIva === 0 && record.motivoIva0 ? { motivoIva0: record.motivoIva0 } : {}),
  activo: !record.activo,
  version: record.version,
});

const DetailBody = ({ record, onReload }: { record: Concepto; onReload: () => void }) => {
  useRecordTitle(`${record.codigo} ${record.nombre}`);
  const navigate = useNavigate();
  const { roles } = useAuthContext();
  const canEdit = can(roles, 'conceptos.edit');
  const [flash, dismissFlash] = useFlash();
  const [notice, setNotice] = useState<string | undefined>();
  const [error, setError] = useState<{ message: string; stale: boolean } | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | undefined>();
  const update = useUpdateConcepto(record._id);
  const remove = useDeleteConcepto(record._id);

  const failure = (cause: unknown, fallback: string) => ({
    message: serverMessageOr(cause, fallback),
    stale: isApiError(cause) && cause.status === 409 && cause.message === VERSION_MESSAGES.stale,
  });

  const toggle = async () => {
    setError(undefined);
    setNotice(undefined);
    dismissFlash();
    try {
      const saved = await update.mutateAsync(togglePayload(record));
      setNotice(saved.activo ? T.activated : T.deactivated);
      onReload();
    } catch (cause) {
      setError(failure(cause, T.toggleFailed));
    }
  };

  const confirmDelete = async () => {
    setDeleteError(undefined);
    try {
      await remove.mutateAsync(record.version);
      const state: FlashState = { flash: T.removed(record.codigo) };
      void navigate(conceptoHrefs.list(), { state });
    } catch (cause) {
      setDeleteError(serverMessageOr(cause, T.removeFailed));
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Link to={conceptoHrefs.list()} className="btn btn-outline-secondary">
          <FaArrowLeft aria-hidden="true" className="me-1" />
          Volver
        </Link>
        <div className="me-auto">
          <h1 className="h3 mb-0 d-flex flex-wrap align-items-center gap-2">
            {record.codigo}{' '}
            <span className="fs-6">
              <ConceptoEstadoBadge activo={record.activo} />
            </span>
          </h1>
          <div className="text-body-secondary text-break">{record.nombre}</div>
        </div>
        {canEdit && (
          <div className="d-flex flex-wrap gap-2">
            <Link to={conceptoHrefs.edit(record._id)} className="btn btn-primary">
              <FaEdit aria-hidden="true" className="me-1" />
              {T.edit}
            </Link>
            <Link to={conceptoHrefs.duplicate(record._id)} className="btn btn-outline-secondary">
              <FaCopy aria-hidden="true" className="me-1" />
              {T.duplicate}
            </Link>
            <Button
              variant="outline-secondary"
              onClick={() => void toggle()}
              disabled={update.isPending}
            >
              {record.activo ? (
                <FaToggleOff aria-hidden="true" className="me-1" />
              ) : (
                <FaToggleOn aria-hidden="true" className="me-1" />
              )}
              {record.activo ? T.deactivate : T.activate}
            </Button>
            <Button
              variant="outline-danger"
              onClick={() => {
                setDeleteError(undefined);
                setConfirming(true);
              }}
            >
              <FaTrash aria-hidden="true" className="me-1" />
              {T.remove}
            </Button>
          </div>
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
      {error && (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2" role="alert">
          <span className="flex-grow-1">{error.message}</span>
          {error.stale && (
            <Button
              variant="outline-danger"
              size="sm"
              onClick={() => {
                setError(undefined);
                onReload();
              }}
            >
              {T.reload}
            </Button>
          )}
        </Alert>
      )}

      <Tabs defaultActiveKey="resumen" id={`concepto-${record._id}`} className="mb-3" mountOnEnter>
        <Tab eventKey="resumen" title={T.detailTabs.resumen}>
          <Resumen record={record} />
        </Tab>
        <Tab eventKey="historial" title={T.detailTabs.historial}>
          <HistorialTab
            url={conceptoHistorialUrl(record._id)}
            labels={HISTORIAL_LABELS}
            formatValue={historialConcepto}
          />
        </Tab>
      </Tabs>

      <Modal
        show={confirming}
        onHide={() => setConfirming(false)}
        centered
        aria-labelledby="concepto-eliminar-titulo"
      >
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title as="h2" className="h5" id="concepto-eliminar-titulo">
            {T.removeTitle(record.codigo)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">{T.removeBody}</p>
          {deleteError && (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {deleteError}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setConfirming(false)}>
            {T.cancel}
          </Button>
          <Button variant="danger" onClick={() => void confirmDelete()} disabled={remove.isPending}>
            {remove.isPending && (
              <Spinner as="span" size="sm" animation="border" aria-hidden="true" className="me-1" />
            )}
            {remove.isPending ? T.removing : T.remove}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
};

/** /conceptos/:templateId (conceptos.view): the template read-only (inventario.md §5.7). */
export const ConceptoDetailPage = () => {
  const { templateId } = useParams();
  const id = templateId?.trim();
  const validId = isRecordId(id);
  const query = useConcepto(validId ? id : undefined);
  const body = (() => {
    if (!validId)
      return (
        <PantallaNoDisponible titulo={T.singular} id={templateId}>
          {T.invalidId}
        </PantallaNoDisponible>
      );
    if (query.isPending) return <LoadingStatus message={T.loading} />;
    if (query.isError)
      return (
        <PantallaNoDisponible titulo={T.singular} id={templateId}>
          {loadErrorText(query.error)}
        </PantallaNoDisponible>
      );
    return <DetailBody record={query.data} onReload={() => void query.refetch()} />;
  })();
  return <ResourcePage className="conceptos-page">{body}</ResourcePage>;
};
